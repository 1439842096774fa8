import multipart from '@fastify/multipart';
import { ZIdParams } from '@tarang/shared/common/api';
import {
  DEVICE_UPLOAD_MAX_BYTES,
  ZDevice,
  ZDeviceAssign,
  ZDeviceAssigned,
  ZDeviceCreate,
  ZDeviceDeleteQuery,
  ZDeviceExportQuery,
  ZDeviceListQuery,
  ZDeviceSaved,
  ZDeviceUpdate,
  ZDeviceUploadQuery,
  ZDeviceUploadResult,
  ZDeviceVehicle,
} from '@tarang/shared/devices/device.schemas';
import {
  ZDeviceConditionSet,
  ZFirmware,
  ZFirmwareCreate,
  ZFirmwareListQuery,
  ZFirmwareUpdate,
  ZFirmwareUpdateCreate,
  ZFirmwareUpdateResult,
} from '@tarang/shared/devices/firmware.schemas';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TDeps } from '../../app-deps';
import { declareRoutes } from '../../http/declare-routes';
import { idempotencyKeyOf, ZOptionalIdempotencyHeaders } from '../../http/idempotency';
import { receiveFile } from '../../http/multipart-file';
import { contextOf, ok, okPage } from '../../http/reply';
import { access } from '../../http/route-access';
import { loadSimsConfig, type TSimsConfig } from '../sims/sims.config';
import { exportDevices } from './device-export.service';
import { uploadDevices } from './device-upload.service';
import * as devices from './devices.service';
import * as firmware from './firmware.service';

const ZDeviceListMeta = z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int() });

/** Devices and the device inventory (issue 17, docs/decisions/031-devices.md). */
export function deviceRoutes(app: FastifyInstance, deps: TDeps) {
  const cfg = loadSimsConfig(deps.config);
  app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: DEVICE_UPLOAD_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
    registerDeviceRoutes(scope, deps, cfg);
  });
}

function registerDeviceRoutes(app: FastifyInstance, deps: TDeps, cfg: TSimsConfig) {
  const route = declareRoutes(app, { tags: ['devices'] });

  route.post('/device-inventory/upload', {
    access: access.permission('device-inventory', 'addDeviceInventory'),
    summary:
      'Devices into the inventory from a CSV or XLSX file (multipart field "file"; columns imei, make, model, firmware_version, serial, vehicle_registration, vehicle_type): rows not added come back by line',
    consumes: ['multipart/form-data'],
    querystring: ZDeviceUploadQuery,
    data: ZDeviceUploadResult,
    handler: async (request) => {
      const file = await receiveFile(request, cfg.uploadDir, DEVICE_UPLOAD_MAX_BYTES);
      const result = await uploadDevices(deps, contextOf(request), cfg, file, request.query.organizationId);
      const added = `${result.added} ${result.added === 1 ? 'device' : 'devices'} added`;
      return ok(result, { message: result.rejectedCount ? `${added}; ${result.rejectedCount} rows not added` : added });
    },
  });

  route.get('/device', {
    access: access.permission('device'),
    summary:
      'Devices in reach, newest first: IMEI, make and model, firmware, the SIM held, the vehicle and the end user (masked without View KYC)',
    querystring: ZDeviceListQuery,
    data: z.array(ZDevice),
    meta: ZDeviceListMeta,
    handler: async (request) => okPage(await devices.listDevices(deps, contextOf(request), request.query)),
  });

  route.post('/device', {
    access: access.permission('device', 'addDevice'),
    summary: 'Add Device: to the caller’s organisation (or one in reach), optionally holding a SIM and locking it to the IMEI',
    body: ZDeviceCreate,
    data: ZDeviceSaved,
    status: 201,
    handler: async (request) => ok(await devices.createDevice(deps, contextOf(request), request.body), { message: 'Device added' }),
  });

  route.get('/device/export', {
    access: access.permission('device'),
    summary: 'The device list as CSV or XLSX: every device the filters find (the end user masked without View KYC)',
    querystring: ZDeviceExportQuery,
    handler: async (request, reply) => {
      const file = await exportDevices(deps, contextOf(request), request.query);
      reply.header('content-type', file.contentType).header('content-disposition', `attachment; filename="${file.fileName}"`);
      return reply.send(file.stream);
    },
  });

  route.get('/device/:id', {
    access: access.permission('device'),
    summary: 'One device',
    params: ZIdParams,
    data: ZDevice,
    handler: async (request) => ok(await devices.getDevice(deps, contextOf(request), request.params.id)),
  });

  route.put('/device/:id', {
    access: access.permission('device', 'edit'),
    summary: 'Edit a device: make, model, firmware, serial, the SIM held (null unlinks), vehicle and end user',
    params: ZIdParams,
    body: ZDeviceUpdate,
    data: ZDeviceSaved,
    handler: async (request) =>
      ok(await devices.updateDevice(deps, contextOf(request), request.params.id, request.body), { message: 'Device saved' }),
  });

  route.delete('/device/:id', {
    access: access.permission('device', 'delete'),
    summary: 'Delete a device; one holding a SIM in service only with unlink=true (409 otherwise)',
    params: ZIdParams,
    querystring: ZDeviceDeleteQuery,
    message: 'Device deleted',
    handler: async (request) => {
      await devices.deleteDevice(deps, contextOf(request), request.params.id, request.query.unlink === 'true');
    },
  });

  route.get('/device/:id/vehicle', {
    access: access.permission('device', 'showVehicle'),
    summary: 'Show Vehicle: the vehicle the device is fitted to, with the device and the SIM in it',
    params: ZIdParams,
    data: ZDeviceVehicle,
    handler: async (request) => ok(await devices.getDeviceVehicle(deps, contextOf(request), request.params.id)),
  });

  route.get('/device-inventory', {
    access: access.permission('device-inventory'),
    summary: 'Device inventory: devices holding no SIM, in reach (staff: the provider’s stock too)',
    querystring: ZDeviceListQuery,
    data: z.array(ZDevice),
    meta: ZDeviceListMeta,
    handler: async (request) => okPage(await devices.listDevices(deps, contextOf(request), request.query, { unlinkedOnly: true })),
  });

  route.post('/device-inventory', {
    access: access.permission('device-inventory', 'addDeviceInventory'),
    summary: 'A device into the inventory (staff: the provider’s stock unless organizationId is given)',
    body: ZDeviceCreate,
    data: ZDeviceSaved,
    status: 201,
    handler: async (request) =>
      ok(await devices.createDevice(deps, contextOf(request), { ...request.body, simIccid: null, lockSimToImei: false }), {
        message: 'Device added to the inventory',
      }),
  });

  // The firmware catalogue: read by whoever works devices, kept by staff.
  const keepFirmware = access.permission('device', 'updateFirmware', 'none', { staffOnly: true });
  route.get('/firmware', {
    access: access.permission('device', undefined, 'none'),
    summary: 'The firmware catalogue: each version of a make and model, with its release notes and file checksum',
    querystring: ZFirmwareListQuery,
    data: z.array(ZFirmware),
    meta: ZDeviceListMeta,
    handler: async (request) => okPage(await firmware.listFirmware(deps, request.query)),
  });
  route.post('/firmware', {
    access: keepFirmware,
    summary: 'Publish firmware for a make and model (staff)',
    body: ZFirmwareCreate,
    data: ZFirmware,
    status: 201,
    handler: async (request) =>
      ok(await firmware.createFirmware(deps, contextOf(request), request.body), { message: 'Firmware published' }),
  });
  route.put('/firmware/:id', {
    access: keepFirmware,
    summary: 'Edit a firmware version’s release notes (staff; the version and checksum stay as published)',
    params: ZIdParams,
    body: ZFirmwareUpdate,
    data: ZFirmware,
    handler: async (request) =>
      ok(await firmware.updateFirmware(deps, contextOf(request), request.params.id, request.body.releaseNotes), {
        message: 'Firmware saved',
      }),
  });
  route.delete('/firmware/:id', {
    access: keepFirmware,
    summary: 'Withdraw a firmware version from the catalogue (staff)',
    params: ZIdParams,
    message: 'Firmware withdrawn',
    handler: async (request) => {
      await firmware.deleteFirmware(deps, contextOf(request), request.params.id);
    },
  });

  route.post('/device/firmware-update', {
    access: access.permission('device', 'updateFirmware'),
    summary:
      'Update Firmware: a job with a task per device through the device-management gateway (each device reached through its active SIM); dryRun checks only',
    headers: ZOptionalIdempotencyHeaders,
    body: ZFirmwareUpdateCreate,
    data: ZFirmwareUpdateResult,
    handler: async (request) => {
      const result = await firmware.requestFirmwareUpdate(deps, contextOf(request), request.body, idempotencyKeyOf(request.headers));
      const n = `${result.accepted} ${result.accepted === 1 ? 'device' : 'devices'}`;
      return ok(result, {
        message: result.request ? `Request ${result.request.batchJobId} created for ${n}` : `${n} can take the firmware`,
      });
    },
  });

  route.post('/device-gateway/condition', {
    access: access.permission('request', 'reinitiate', 'none', { staffOnly: true }),
    summary: 'Tell the simulated device-management gateway what devices do (online, offline, failing to install)',
    body: ZDeviceConditionSet,
    data: z.object({ changed: z.number().int() }),
    handler: async (request) => {
      const result = await firmware.setDeviceCondition(deps, request.body);
      return ok(result, { message: `${result.changed} devices set ${request.body.condition}` });
    },
  });

  route.put('/device-inventory/assign', {
    access: access.permission('device-inventory', 'addDeviceInventory'),
    summary: 'Assign devices holding no SIM to an organisation in reach',
    body: ZDeviceAssign,
    data: ZDeviceAssigned,
    handler: async (request) => {
      const result = await devices.assignDevices(deps, contextOf(request), request.body);
      return ok(result, { message: `${result.assigned} ${result.assigned === 1 ? 'device' : 'devices'} assigned` });
    },
  });
}

import { ZOperatorParams, ZRequestCreated } from '@tarang/shared/requests/request.schemas';
import {
  ZDeviceDetails,
  ZNetworkConditionSet,
  ZSimDiagnosis,
  ZSimDiagnosisQuery,
  ZSimDiagnosisRefresh,
  ZSimStateSync,
} from '@tarang/shared/sims/diagnosis.schemas';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TDeps } from '../../app-deps';
import { declareRoutes } from '../../http/declare-routes';
import { idempotencyKeyOf, ZOptionalIdempotencyHeaders } from '../../http/idempotency';
import { contextOf, ok } from '../../http/reply';
import { access } from '../../http/route-access';
import { getDeviceDetails } from './device-details.service';
import { getSimDiagnosis, setNetworkCondition, syncSimState } from './diagnosis.service';

/** SIM diagnosis (issue 16, docs/decisions/028-sim-network-state.md), and the simulated operators told what SIMs do. */
export function diagnosisRoutes(app: FastifyInstance, deps: TDeps) {
  const route = declareRoutes(app, { tags: ['sims'] });

  route.get('/sim/sim-diagnosis', {
    access: access.permission('sim-diagnosis'),
    summary: 'The checks of a SIM (by ICCID, MSISDN or IMSI), from what the provider knows and what its operators last reported',
    querystring: ZSimDiagnosisQuery,
    data: ZSimDiagnosis,
    handler: async (request) => ok(await getSimDiagnosis(deps, contextOf(request), request.query)),
  });

  route.post('/sim/sim-diagnosis/refresh', {
    access: access.permission('sim-diagnosis', 'refresh'),
    summary: "Refresh: each of the SIM's operators asked what it sees now (under its timeout), then the checks",
    body: ZSimDiagnosisRefresh,
    data: ZSimDiagnosis,
    handler: async (request) => {
      const diagnosis = await getSimDiagnosis(deps, contextOf(request), request.body, { refresh: true });
      return ok(diagnosis, {
        message: diagnosis.unanswered.length ? `${diagnosis.unanswered.map((u) => u.operator).join(', ')} did not answer` : 'Refreshed',
      });
    },
  });

  route.post('/sim/sim-diagnosis/sync', {
    access: access.permission('sim-actions'),
    summary: "Send the SIM's state to its operators again (the fix of a provisioning mismatch): a request, one task per profile",
    headers: ZOptionalIdempotencyHeaders,
    body: ZSimStateSync,
    data: ZRequestCreated,
    handler: async (request) => {
      const made = await syncSimState(deps, contextOf(request), request.body, idempotencyKeyOf(request.headers));
      return ok(made, { message: `Request ${made.request?.batchJobId ?? ''} created` });
    },
  });

  route.get('/sim/device-details', {
    access: access.permission('sim-details', 'fetchDeviceDetails'),
    summary: 'Fetch Device Details: the IMEI the SIM was last seen in, its make and model by TAC, and the device registered with it',
    querystring: ZSimDiagnosisQuery,
    data: ZDeviceDetails,
    handler: async (request) => ok(await getDeviceDetails(deps, contextOf(request), request.query)),
  });

  route.post('/operator-gateway/:operator/network-condition', {
    access: access.permission('request', 'reinitiate', 'none', { staffOnly: true }),
    summary: 'Tell the simulated operator what SIMs do on its network (never attach, roam, use heavily, change device…)',
    params: ZOperatorParams,
    body: ZNetworkConditionSet,
    data: z.object({ changed: z.number().int() }),
    handler: async (request) => {
      const result = await setNetworkCondition(deps, request.params.operator, request.body);
      return ok(result, { message: `${result.changed} SIMs set ${request.body.condition} at ${request.params.operator}` });
    },
  });
}

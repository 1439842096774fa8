import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import SystemUpdateAltOutlined from '@mui/icons-material/SystemUpdateAltOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { TDevice } from '@tarang/shared/devices/device.schemas';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TListColumn } from '@/components/list-screen/columns';
import { ExportButton } from '@/components/list-screen/export-button';
import type { TFilter } from '@/components/list-screen/filters';
import { ListScreen } from '@/components/list-screen/list-screen';
import type { TListSelection } from '@/components/list-screen/list-selection';
import { editAction } from '@/components/list-screen/row-action-presets';
import type { TRowAction } from '@/components/list-screen/row-actions';
import { RowLink } from '@/components/list-screen/row-link';
import { useListController } from '@/components/list-screen/use-list-controller';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { isApiError } from '@/lib/api-client';
import { useCan } from '@/lib/authorization';
import { formatDate, formatDateTime, formatTime } from '@/lib/date';
import { notify } from '@/lib/notify';
import { useDeleteDevice } from '../api/delete-device';
import { exportDevices } from '../api/export-devices';
import { useDeviceInventory } from '../api/get-device-inventory';
import { type TDeviceParams, useDevices } from '../api/get-devices';
import { useDeviceMessages } from '../utils/messages';
import { deviceEditHref, simHref } from '../utils/saved-device';
import { AssignDialog } from './assign-dialog';
import { FirmwareUpdateDialog, type TFirmwareTarget } from './firmware-update-dialog';
import { useCanOpenSim } from './use-can-open-sim';
import { useDeviceReach } from './use-device-reach';
import { VehicleDialog } from './vehicle-dialog';

/** One line of a cell: cut short with an ellipsis in the grid (the whole text on hover), wrapped on a phone's card. */
const LINE_SX = {
  overflowWrap: 'anywhere',
  '.MuiDataGrid-cell &': { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
} as const;
const MONO = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' } as const;

/** A cell of two lines: what it is, and a smaller line under it. */
function TwoLines({ first, second, mono = false }: { first: ReactNode; second?: string | null; mono?: boolean }) {
  return (
    <Box sx={{ minWidth: 0, lineHeight: 1.3, py: 0.5 }}>
      <Typography variant="body2" sx={mono ? { ...LINE_SX, ...MONO } : LINE_SX} title={typeof first === 'string' ? first : undefined}>
        {first}
      </Typography>
      {second && (
        <Typography variant="caption" color="text.secondary" component="div" sx={LINE_SX} title={second}>
          {second}
        </Typography>
      )}
    </Box>
  );
}

/** The delete the server refused because the device holds a SIM in service: asked again, as Unlink and delete. */
const unlinkAsked = (error: unknown) => isApiError(error) && error.status === 409 && error.errors?.some((e) => e.path === 'unlink');

type TSelected = { identity: string; devices: ReadonlyMap<string, TFirmwareTarget> };

const targetOf = (d: TDevice): TFirmwareTarget => ({ id: d.id, imei: d.imei, make: d.make, model: d.model });

/**
 * The devices (spec /device) or the device inventory (/device-inventory: the devices holding no SIM): newest first,
 * each with its IMEI, make and model (and the TAC's when it differs), firmware, serial, the SIM it holds (a link to the
 * SIM), its vehicle, its end user — phone and document as the server sends them, masked for a role without View KYC —,
 * its organisation and when it was added. Narrowed by the start of an IMEI, serial or registration, by whether it holds
 * a SIM, and by organisation, kept in the address. Edit, Show Vehicle and Delete as the role allows; a device holding a
 * SIM in service is deleted only once the user agrees to unlink it. Devices can be ticked: in the list for Update
 * Firmware (also a row action), in the inventory to be assigned to an organisation.
 */
export function DevicesTable({ inventory = false }: { inventory?: boolean }) {
  const { t } = useTranslation('devices');
  const messages = useDeviceMessages();
  const { failure, success } = messages;
  const reach = useDeviceReach();
  const canOpenSim = useCanOpenSim();
  const canAssign = useCan('device-inventory', 'addDeviceInventory') && inventory;
  const canUpdateFirmware = useCan('device', 'updateFirmware') && !inventory;
  const { mutateAsync: remove, isPending: removing } = useDeleteDevice();
  const [vehicleOf, setVehicleOf] = useState<TDevice | null>(null);
  const [unlinkOf, setUnlinkOf] = useState<TDevice | null>(null);
  const [assigning, setAssigning] = useState(false);
  /** The devices Update Firmware was opened for: a row's, or the ticked ones. */
  const [updating, setUpdating] = useState<readonly TFirmwareTarget[] | null>(null);

  const filters = useMemo(
    (): TFilter[] => [
      {
        kind: 'text',
        key: 'search',
        search: true,
        grow: true,
        label: t('list.search'),
        placeholder: t('list.searchPlaceholder'),
        maxLength: 32,
      },
      ...(inventory
        ? []
        : [
            {
              kind: 'select',
              key: 'linked',
              label: t('list.linked'),
              anyLabel: t('list.anyLinked'),
              options: [
                { value: 'true', label: t('list.linkedYes') },
                { value: 'false', label: t('list.linkedNo') },
              ],
              width: 170,
            } satisfies TFilter,
          ]),
      { kind: 'organization', key: 'organizationId', label: t('list.organization'), hidden: !reach.many, width: 240 },
    ],
    [t, inventory, reach.many],
  );
  const list = useListController({ paging: 'pages', filters });
  const params: TDeviceParams = {
    page: list.pageParams.page,
    limit: list.pageParams.limit,
    search: list.filter.search,
    organizationId: list.filter.organizationId,
    linked: inventory ? undefined : (list.filter.linked as TDeviceParams['linked']),
  };
  const devices = useDevices(params, !inventory);
  const stock = useDeviceInventory(params, inventory);
  const query = inventory ? stock : devices;

  // The ticked devices (id → IMEI, make and model), across pages, until the filters change.
  const [selected, setSelected] = useState<TSelected>({ identity: list.identity, devices: new Map() });
  const ticked = selected.identity === list.identity ? selected.devices : new Map<string, TFirmwareTarget>();
  const seen = useRef(new Map<string, TFirmwareTarget>());
  for (const row of query.data?.rows ?? []) seen.current.set(row.id, targetOf(row));
  const clearTicks = () => setSelected({ identity: list.identity, devices: new Map() });
  const selection: TListSelection<TDevice> | undefined =
    canAssign || canUpdateFirmware
      ? {
          ids: new Set(ticked.keys()),
          onChange: (ids) =>
            setSelected({
              identity: list.identity,
              devices: new Map([...ids].map((id) => [id, ticked.get(id) ?? seen.current.get(id) ?? { id, imei: id, make: '', model: '' }])),
            }),
          name: (row) => t('list.select', { imei: row.imei }),
          actions: canAssign ? (
            <Button size="small" variant="contained" onClick={() => setAssigning(true)}>
              {t('actions.assign')}
            </Button>
          ) : (
            <Button size="small" variant="contained" onClick={() => setUpdating([...ticked.values()])}>
              {t('actions.updateFirmware')}
            </Button>
          ),
        }
      : undefined;

  const columns = useMemo((): TListColumn<TDevice>[] => {
    const kyc = (d: TDevice) =>
      d.endUser ? [`${t(`kycTypes.${d.endUser.kycIdType}`)} ${d.endUser.kycIdNumber}`, d.endUser.phone].filter(Boolean).join(' · ') : '';
    return [
      {
        field: 'imei',
        header: t('fields.imei'),
        width: 165,
        value: (d) => d.imei,
        render: (d) => <TwoLines first={d.imei} second={d.serial ? t('list.serial', { serial: d.serial }) : null} mono />,
      },
      {
        field: 'makeModel',
        header: t('fields.makeModel'),
        minWidth: 150,
        flex: 1,
        value: (d) => `${d.make} ${d.model}`,
        render: (d) => {
          const tac = d.tac ? `${d.tac.make} ${d.tac.model}` : null;
          const differs = tac !== null && tac.toLowerCase() !== `${d.make} ${d.model}`.toLowerCase();
          const second = [
            d.firmwareVersion ? t('list.firmware', { version: d.firmwareVersion }) : null,
            differs ? t('list.tac', { name: tac }) : null,
          ].filter(Boolean);
          return <TwoLines first={`${d.make} ${d.model}`} second={second.join(' · ') || null} />;
        },
      },
      ...(inventory
        ? []
        : [
            {
              field: 'sim',
              header: t('fields.sim'),
              width: 185,
              mono: true,
              value: (d: TDevice) => d.sim?.iccid ?? '—',
              render: (d: TDevice) =>
                d.sim && canOpenSim ? (
                  <RowLink to={simHref(d.sim.iccid)} aria-label={t('list.openSim', { iccid: d.sim.iccid })}>
                    {d.sim.iccid}
                  </RowLink>
                ) : (
                  (d.sim?.iccid ?? '—')
                ),
            },
          ]),
      {
        field: 'vehicle',
        header: t('fields.vehicle'),
        width: 125,
        value: (d) => (d.vehicle ? `${d.vehicle.registration} · ${t(`vehicleTypes.${d.vehicle.type}`)}` : '—'),
        render: (d) => (d.vehicle ? <TwoLines first={d.vehicle.registration} second={t(`vehicleTypes.${d.vehicle.type}`)} mono /> : '—'),
      },
      {
        field: 'endUser',
        header: t('fields.endUser'),
        minWidth: 180,
        flex: 1,
        value: (d) => (d.endUser ? `${d.endUser.name} · ${kyc(d)}` : '—'),
        render: (d) => (d.endUser ? <TwoLines first={d.endUser.name} second={kyc(d)} /> : '—'),
      },
      ...(reach.many
        ? [
            {
              field: 'organization',
              header: t('fields.organization'),
              minWidth: 140,
              flex: 1,
              value: (d: TDevice) => d.organization?.tradeName ?? t('list.stock'),
            },
          ]
        : []),
      {
        field: 'createdAt',
        header: t('fields.createdAt'),
        width: 110,
        value: (d) => formatDateTime(d.createdAt),
        render: (d) => <TwoLines first={formatDate(d.createdAt)} second={formatTime(d.createdAt)} />,
      },
    ];
  }, [t, inventory, canOpenSim, reach.many]);

  const actions = useMemo(
    (): TRowAction<TDevice>[] => [
      editAction(t, { module: 'device', nameOf: (d) => d.imei, href: (d) => deviceEditHref(d.id) }),
      {
        key: 'vehicle',
        label: t('actions.showVehicle'),
        name: (d) => t('actions.showVehicleNamed', { imei: d.imei }),
        icon: <LocalShippingOutlined fontSize="small" />,
        permission: { module: 'device', action: 'showVehicle' },
        visible: (d) => d.vehicle !== null,
        run: (d) => setVehicleOf(d),
      },
      {
        key: 'firmware',
        label: t('actions.updateFirmware'),
        name: (d) => t('actions.updateFirmwareNamed', { imei: d.imei }),
        icon: <SystemUpdateAltOutlined fontSize="small" />,
        permission: { module: 'device', action: 'updateFirmware' },
        // Over the air, through the SIM the device holds: the inventory's devices hold none.
        visible: (d) => d.sim !== null,
        run: (d) => setUpdating([targetOf(d)]),
      },
      {
        key: 'delete',
        label: t('actions.delete'),
        name: (d) => t('actions.deleteNamed', { name: d.imei }),
        icon: <DeleteOutlined fontSize="small" />,
        color: 'error',
        permission: { module: 'device', action: 'delete' },
        confirm: (d) => ({
          title: t('confirm.deleteTitle'),
          text: t('confirm.deleteText', { name: d.imei }),
          confirmLabel: t('actions.delete'),
          danger: true,
        }),
        run: async (d) => {
          try {
            return success((await remove({ id: d.id })).message, 'deleted');
          } catch (error) {
            if (!unlinkAsked(error)) throw error;
            setUnlinkOf(d);
            return undefined;
          }
        },
      },
    ],
    [t, remove, success],
  );

  const unlinkAndDelete = async () => {
    if (!unlinkOf) return;
    try {
      notify.success(success((await remove({ id: unlinkOf.id, unlink: true })).message, 'deleted'));
    } catch (error) {
      notify.error(failure(error));
    } finally {
      setUnlinkOf(null);
    }
  };

  return (
    <ListScreen
      resource="devices"
      id={inventory ? 'device-inventory' : 'devices'}
      label={t(inventory ? 'list.inventoryLabel' : 'list.label')}
      noRows={t(inventory ? 'grid.noInventory' : 'grid.noRows')}
      list={list}
      query={query}
      columns={columns}
      actions={actions}
      failure={failure}
      selection={selection}
      clearable
      tools={
        inventory ? undefined : (
          <ExportButton
            onExport={(format) =>
              exportDevices({ search: params.search, organizationId: params.organizationId, linked: params.linked }, format)
            }
            failure={failure}
          />
        )
      }
      data-testid={inventory ? 'device-inventory' : 'devices'}
    >
      {vehicleOf && <VehicleDialog device={vehicleOf} onClose={() => setVehicleOf(null)} />}
      <ConfirmDialog
        open={unlinkOf !== null}
        danger
        title={t('confirm.unlinkTitle')}
        text={t('confirm.unlinkText', { imei: unlinkOf?.imei ?? '', iccid: unlinkOf?.sim?.iccid ?? '' })}
        confirmLabel={t('actions.unlinkAndDelete')}
        busy={removing}
        onConfirm={() => void unlinkAndDelete()}
        onClose={() => setUnlinkOf(null)}
      />
      {assigning && (
        <AssignDialog
          devices={new Map([...ticked].map(([id, d]) => [id, d.imei]))}
          onClose={() => setAssigning(false)}
          onAssigned={clearTicks}
        />
      )}
      {updating && updating.length > 0 && (
        <FirmwareUpdateDialog
          devices={updating}
          onClose={() => setUpdating(null)}
          onRequested={updating.length > 1 || ticked.has(updating[0]!.id) ? clearTicks : undefined}
        />
      )}
    </ListScreen>
  );
}

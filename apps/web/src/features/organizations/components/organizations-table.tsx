import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import SubdirectoryArrowRight from '@mui/icons-material/SubdirectoryArrowRight';
import Chip from '@mui/material/Chip';
import MuiLink from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { TOrganization } from '@tarang/shared/organizations/organization.schemas';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrganizationOptions } from '@/api/get-organization-options';
import type { TListColumn } from '@/components/list-screen/columns';
import type { TFilter } from '@/components/list-screen/filters';
import { ListScreen } from '@/components/list-screen/list-screen';
import { NameCell } from '@/components/list-screen/name-cell';
import { deleteAction, editAction } from '@/components/list-screen/row-action-presets';
import type { TRowAction } from '@/components/list-screen/row-actions';
import { useListController } from '@/components/list-screen/use-list-controller';
import { Link } from '@/components/ui/link';
import { useSignedIn } from '@/lib/auth';
import { formatDateTime } from '@/lib/date';
import { depthById } from '@/lib/organization-tree';
import { useDeleteOrganization } from '../api/delete-organization';
import { useOrganizations } from '../api/get-organizations';
import { useOrganizationMessages } from '../utils/messages';

const SORTABLE = ['tradeName', 'brandName', 'createdAt', 'path'];

export const LIST = '/management/organisation';
export const organizationEditHref = (id: string) => `/management/organisation/edit/${encodeURIComponent(id)}`;
export const organizationSettingsHref = (id: string) => `/management/organisation/edit-settings/${encodeURIComponent(id)}`;

/**
 * The organisations list (spec §2 /management/organisation): server-side pages, sorting and search, the tree (sorted
 * by path, names indented under their parent), a parent filter, `?_id=` from global search, and the row actions the
 * role allows (nobody deletes their own organisation).
 */
export function OrganizationsTable() {
  const { t } = useTranslation('organizations');
  const { user } = useSignedIn();
  const ownOrganizationId = user.organization?.id ?? null;
  const { failure, success } = useOrganizationMessages();
  const { mutateAsync: deleteOrganization } = useDeleteOrganization();

  const filters = useMemo(
    (): TFilter[] => [
      { kind: 'text', key: 'search', search: true, grow: true, label: t('list.search'), placeholder: t('list.searchPlaceholder') },
      { kind: 'organization', key: 'parentId', label: t('list.parentFilter'), width: 260 },
    ],
    [t],
  );
  const list = useListController({ paging: 'pages', defaultSort: 'path', sortable: SORTABLE, filters });
  const { update } = list;
  const query = useOrganizations({ ...list.pageParams, search: list.filter.search, parentId: list.filter.parentId });
  const options = useOrganizationOptions();
  const byId = useMemo(() => new Map((options.data ?? []).map((o) => [o.id, o])), [options.data]);
  const depth = useMemo(() => depthById(options.data ?? []), [options.data]);
  const treeView = list.sort === 'path' && !list.filter.search;

  const columns = useMemo(
    (): TListColumn<TOrganization>[] => [
      {
        field: 'tradeName',
        header: t('fields.tradeName'),
        sort: 'tradeName',
        flex: 1.4,
        minWidth: 220,
        render: (row) => {
          const level = treeView ? (depth.get(row.id) ?? 0) : 0;
          const mark = level > 0 && <SubdirectoryArrowRight fontSize="small" color="action" aria-hidden="true" />;
          return <NameCell name={row.tradeName} start={mark} indent={level} />;
        },
      },
      {
        field: 'brandName',
        header: t('fields.brandName'),
        sort: 'brandName',
        flex: 1,
        minWidth: 150,
        value: (row) => row.brandName ?? '—',
      },
      { field: 'email', header: t('fields.email'), flex: 1.2, minWidth: 190, value: (row) => row.email ?? '—' },
      {
        field: 'parentId',
        header: t('fields.parent'),
        flex: 1,
        minWidth: 160,
        render: (row) =>
          row.parentId ? (
            <Link to={`${LIST}?_id=${row.parentId}`} underline="hover" variant="body2" noWrap>
              {byId.get(row.parentId)?.tradeName ?? t('list.unknownParent')}
            </Link>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {t('list.topLevel')}
            </Typography>
          ),
      },
      {
        field: 'childrenCount',
        header: t('fields.children'),
        width: 120,
        render: (row) =>
          row.childrenCount ? (
            <MuiLink
              component="button"
              type="button"
              variant="body2"
              underline="hover"
              onClick={() => update({ parentId: row.id, _id: null })}
              aria-label={t('list.showChildren', { name: row.tradeName, count: row.childrenCount })}
            >
              {row.childrenCount}
            </MuiLink>
          ) : (
            <Typography variant="body2" color="text.secondary">
              0
            </Typography>
          ),
      },
      {
        field: 'status',
        header: t('fields.status'),
        width: 110,
        render: (row) => (
          <Chip size="small" label={t(`status.${row.status}`)} color={row.status === 'ACTIVE' ? 'success' : 'default'} variant="outlined" />
        ),
      },
      { field: 'createdAt', header: t('fields.createdAt'), sort: 'createdAt', width: 170, value: (row) => formatDateTime(row.createdAt) },
    ],
    [t, treeView, depth, byId, update],
  );

  const actions = useMemo(
    (): TRowAction<TOrganization>[] => [
      {
        key: 'settings',
        label: t('actions.settings'),
        name: (row) => t('actions.settingsNamed', { name: row.tradeName }),
        icon: <SettingsOutlined fontSize="small" />,
        permission: { module: 'organisation', action: 'editSettings' },
        href: (row) => organizationSettingsHref(row.id),
      },
      editAction(t, { module: 'organisation', nameOf: (row) => row.tradeName, href: (row) => organizationEditHref(row.id) }),
      deleteAction(t, {
        module: 'organisation',
        nameOf: (row) => row.tradeName,
        visible: (row) => row.id !== ownOrganizationId,
        remove: deleteOrganization,
        success,
      }),
    ],
    [t, ownOrganizationId, success, deleteOrganization],
  );

  return (
    <ListScreen
      resource="organizations"
      list={list}
      query={query}
      columns={columns}
      actions={actions}
      failure={failure}
      toolbar={
        !treeView && (
          <Chip
            icon={<AccountTreeOutlined />}
            label={t('list.treeView')}
            variant="outlined"
            onClick={() => update({ sort: null, search: null })}
            clickable
          />
        )
      }
    />
  );
}

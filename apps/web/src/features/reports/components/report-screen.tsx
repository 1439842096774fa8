import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import ScheduleSendOutlined from '@mui/icons-material/ScheduleSendOutlined';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { formatPaise } from '@tarang/shared/format/money';
import type { TReportColumn, TReportDeclaration, TReportFilter } from '@tarang/shared/reports/report-catalogue';
import type { TReportLanguage, TReportRow } from '@tarang/shared/reports/report-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TListColumn } from '@/components/list-screen/columns';
import { ExportButton } from '@/components/list-screen/export-button';
import { activeFilters, type TFilter } from '@/components/list-screen/filters';
import { ListScreen } from '@/components/list-screen/list-screen';
import { useListController } from '@/components/list-screen/use-list-controller';
import { useCan } from '@/lib/authorization';
import { formatDateTime } from '@/lib/date';
import { exportReport, useReportRows } from '../api/report-rows';
import { useReportMessages } from '../utils/messages';
import { AlertDialog, ScheduleDialog } from './schedule-dialogs';

const ID = /^[0-9a-f]{24}$/;
const DIGITS = /^\+?\d+$/;
/** Columns shown at first; the others are a tick away in the column menu. */
const SHOWN_AT_FIRST = 9;
/** Identifiers are drawn in a monospace face. */
const MONO_KEY = /iccid|imsi|msisdn|imei|staticIp|Id$|^id$/i;
const MB = 1_048_576;

/** The reader's language among the declaration's. */
export const reportLanguage = (language: string | undefined): TReportLanguage => (language === 'hi' ? 'hi' : 'en');

/** A declared filter as the list screen's filter control. */
function listFilter(f: TReportFilter, lang: TReportLanguage, anyLabel: string, canSeeOrganizations: boolean): TFilter {
  const label = f.label[lang];
  switch (f.kind) {
    case 'organization':
      return { kind: 'organization', key: f.key, label, hidden: f.hidden || !canSeeOrganizations, width: 220 };
    case 'select':
      return {
        kind: 'select',
        key: f.key,
        label,
        anyLabel,
        multiple: f.multiple,
        options: f.values.map((v) => ({ value: v, label: v })),
        width: 180,
        hidden: f.hidden,
      };
    case 'day':
      return { kind: 'day', key: f.key, label, hidden: f.hidden };
    case 'id':
      return { kind: 'text', key: f.key, label, hidden: f.hidden, validate: (v) => (ID.test(v) ? null : 'id') };
    case 'digits':
      return {
        kind: 'text',
        key: f.key,
        label,
        search: true,
        grow: true,
        inputMode: 'numeric',
        maxLength: f.maxLength,
        hidden: f.hidden,
        validate: (v) => (DIGITS.test(v) ? null : 'digits'),
      };
    case 'text':
      return { kind: 'text', key: f.key, label, maxLength: f.maxLength, hidden: f.hidden, width: 200 };
    case 'number':
      return {
        kind: 'select',
        key: f.key,
        label,
        anyLabel: String(f.default),
        options: f.choices.filter((c) => c !== f.default).map((c) => ({ value: String(c), label: String(c) })),
        width: 200,
        hidden: f.hidden,
      };
  }
}

/** A cell's text by the column's format, in the reader's words. */
function cellText(column: TReportColumn, value: TReportRow[string] | undefined, words: { yes: string; no: string }): string {
  if (value === null || value === undefined || value === '') return '—';
  switch (column.format) {
    case 'datetime':
      return formatDateTime(String(value));
    case 'paise':
      return formatPaise(Number(value));
    case 'bytes':
      return `${(Number(value) / MB).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} MB`;
    case 'integer':
      return Number(value).toLocaleString('en-IN');
    case 'boolean':
      return value ? words.yes : words.no;
    default:
      return String(value);
  }
}

/** A signed amount of money: coloured by its sign, which is also written out (colour is never the only cue). */
function Money({ paise }: { paise: number }) {
  return (
    <Typography
      component="span"
      variant="body2"
      data-sign={paise > 0 ? 'credit' : paise < 0 ? 'debit' : undefined}
      sx={{ fontWeight: 600, whiteSpace: 'nowrap', color: paise > 0 ? 'success.main' : paise < 0 ? 'error.main' : undefined }}
    >
      {paise > 0 ? `+${formatPaise(paise)}` : paise < 0 ? `−${formatPaise(-paise)}` : formatPaise(0)}
    </Typography>
  );
}

/**
 * A declared report (packages/shared/src/reports/report-catalogue.ts) as a list screen: its filters in the address
 * (a link shares the view), one keyset page from the server at a time, its columns in the reader's language, and
 * Export for every row the filters match as CSV or XLSX, with headers in the same language.
 */
export function ReportScreen({ report }: { report: TReportDeclaration }) {
  const { t, i18n } = useTranslation('reports');
  const { failure } = useReportMessages();
  const lang = reportLanguage(i18n.language);
  const canSeeOrganizations = useCan('organisation');

  const filters = useMemo(
    () => report.filters.map((f) => listFilter(f, lang, t('any'), canSeeOrganizations)),
    [report, lang, t, canSeeOrganizations],
  );
  const list = useListController({ paging: 'cursor', filters, defaultLimit: 50 });
  const query = useReportRows(report.id, { ...list.filter, ...list.cursorParams });
  const filtered = activeFilters(filters, list.filter) > 0;
  const [dialog, setDialog] = useState<'schedule' | 'alert' | null>(null);
  /** The filters on screen as a schedule or an alert saves them (text values, as in the address). */
  const savedFilters = useMemo(
    () => Object.fromEntries(Object.entries(list.filter).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== '')),
    [list.filter],
  );

  const columns = useMemo((): TListColumn<TReportRow>[] => {
    const words = { yes: t('yes'), no: t('no') };
    return report.columns.map((c, i) => ({
      field: c.key,
      header: c.label[lang],
      width: Math.max(90, Math.min(340, (c.width ?? 14) * 9 + 16)),
      align: c.format === 'paise' || c.format === 'integer' || c.format === 'bytes' ? 'right' : undefined,
      mono: c.format === 'code' && MONO_KEY.test(c.key),
      hidden: i >= SHOWN_AT_FIRST,
      value: (row) => cellText(c, row[c.key], words),
      ...(c.format === 'paise' && c.key === 'amount' ? { render: (row: TReportRow) => <Money paise={Number(row[c.key] ?? 0)} /> } : {}),
    }));
  }, [report, lang, t]);

  return (
    <ListScreen
      resource={`report:${report.id}`}
      label={report.title[lang]}
      list={list}
      query={query}
      columns={columns}
      getRowId={(row) => report.rowKey.map((k) => String(row[k])).join(':')}
      noRows={filtered ? t('grid.noMatches') : t('grid.noRows')}
      failure={failure}
      tools={
        <>
          <Button size="small" startIcon={<ScheduleSendOutlined />} onClick={() => setDialog('schedule')}>
            {t('saved.schedule')}
          </Button>
          <Button size="small" startIcon={<NotificationsActiveOutlined />} onClick={() => setDialog('alert')}>
            {t('saved.alert')}
          </Button>
          <ExportButton onExport={(format) => exportReport(report.id, list.filter, format, lang)} failure={failure} />
        </>
      }
      data-testid={`report-${report.id}`}
    >
      {dialog === 'schedule' && <ScheduleDialog report={report} filters={savedFilters} onClose={() => setDialog(null)} />}
      {dialog === 'alert' && <AlertDialog report={report} filters={savedFilters} onClose={() => setDialog(null)} />}
    </ListScreen>
  );
}

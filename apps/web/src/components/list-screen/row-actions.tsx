import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useAccess } from '@/lib/auth';
import { notify } from '@/lib/notify';
import { canDoAction } from '@/lib/permissions';

/** A permission of the shared module catalogue (`module`, or `module.action`). */
export type TPermissionRef = { module: string; action?: string };

/** What a row offers, declared as data; the list screen shows it to the roles allowed and asks first when told to. */
export type TRowAction<R> = {
  key: string;
  /** The tooltip ("Delete"). */
  label: string;
  /** The button's name for this row ("Delete Vikram Singh"). */
  name: (row: R) => string;
  icon: ReactNode;
  color?: 'error' | 'warning';
  /** A permission of the catalogue, or what the screen decided itself (a rule wider than one permission). */
  permission?: TPermissionRef | boolean;
  /** Whether this row offers it (a built-in role cannot be deleted). */
  visible?: (row: R) => boolean;
  /** Shown but not usable for this row (no mail to a disabled user). */
  disabled?: (row: R) => boolean;
  /** A link to another screen … */
  href?: (row: R) => string;
  /** … or something done: when it answers (or resolves to) a text, that text is shown as its success. */
  run?: (row: R) => unknown;
  /** Asked before `run` (destructive actions, or ones that reach someone). */
  confirm?: (row: R) => { title: string; text: string; confirmLabel: string; danger?: boolean };
};

type TPending<R> = { action: TRowAction<R>; row: R };

/**
 * The row actions of a list: those the role allows (checked once, against the catalogue), the buttons of a row, and
 * the confirmation and progress of what they start. `failure` words an error the server answered.
 */
export function useRowActions<R>(actions: readonly TRowAction<R>[], rowId: (row: R) => string, failure: (error: unknown) => string) {
  const access = useAccess();
  const allowed = useMemo(
    () =>
      actions.filter((a) => {
        const p = a.permission;
        if (p === undefined) return true;
        return typeof p === 'boolean' ? p : canDoAction(access, p.module, p.action);
      }),
    [actions, access],
  );
  const [pending, setPending] = useState<TPending<R> | null>(null);
  const [running, setRunning] = useState<string | null>(null);

  const execute = useCallback(
    async (action: TRowAction<R>, row: R) => {
      setRunning(`${action.key}:${rowId(row)}`);
      try {
        const message = await action.run?.(row);
        if (typeof message === 'string' && message) notify.success(message);
      } catch (error) {
        notify.error(failure(error));
      } finally {
        setRunning(null);
        setPending(null);
      }
    },
    [rowId, failure],
  );

  const start = useCallback(
    (action: TRowAction<R>, row: R) => {
      if (action.confirm) setPending({ action, row });
      else void execute(action, row);
    },
    [execute],
  );

  const render = useCallback(
    (row: R) => (
      <RowActionButtons actions={allowed} row={row} busy={(action) => running === `${action.key}:${rowId(row)}`} onStart={start} />
    ),
    [allowed, running, rowId, start],
  );

  const question = pending?.action.confirm?.(pending.row);
  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      title={question?.title ?? ''}
      text={question?.text ?? ''}
      confirmLabel={question?.confirmLabel ?? ''}
      danger={question?.danger}
      busy={running !== null}
      onConfirm={() => pending && void execute(pending.action, pending.row)}
      onClose={() => setPending(null)}
    />
  );

  return { allowed, render, dialog };
}

type TButtonsProps<R> = {
  actions: readonly TRowAction<R>[];
  row: R;
  busy: (action: TRowAction<R>) => boolean;
  onStart: (action: TRowAction<R>, row: R) => void;
};

/** A row's action buttons, right-aligned: links open their screen, the others start (or ask first). */
function RowActionButtons<R>({ actions, row, busy, onStart }: TButtonsProps<R>) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', height: '100%', width: '100%' }}>
      {actions
        .filter((a) => a.visible?.(row) ?? true)
        .map((a) => {
          const disabled = busy(a) || (a.disabled?.(row) ?? false);
          const button = a.href ? (
            <IconButton size="small" aria-label={a.name(row)} color={a.color} component={RouterLink} to={a.href(row)}>
              {a.icon}
            </IconButton>
          ) : (
            <IconButton size="small" aria-label={a.name(row)} color={a.color} disabled={disabled} onClick={() => onStart(a, row)}>
              {a.icon}
            </IconButton>
          );
          return (
            <Tooltip key={a.key} title={a.label}>
              {/* A disabled button gets no pointer events: the span keeps the tooltip. */}
              {disabled ? <span>{button}</span> : button}
            </Tooltip>
          );
        })}
    </Box>
  );
}

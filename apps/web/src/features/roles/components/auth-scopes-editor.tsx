import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TAuthScopes } from '@tarang/shared/roles/auth-scopes';
import { Fragment, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { canGrant, rowState, scopeSections, setAction, setAllowed, setRow, type TGrantable } from '../utils/scopes';

type TAuthScopesEditorProps = {
  value: TAuthScopes;
  onChange: (next: TAuthScopes) => void;
  /** What the editor holds: nobody can grant permissions they don't hold (undefined = everything). */
  grantable?: TGrantable;
  readOnly?: boolean;
  /** Error text for the whole matrix (e.g. the server's 403 naming authScopes). */
  error?: string;
};

/**
 * The permission matrix of a role: one row per module, grouped like the sidebar, with a checkbox
 * for access to the module, one per action, and an "all" toggle for the row.
 */
export function AuthScopesEditor({ value, onChange, grantable, readOnly = false, error }: TAuthScopesEditorProps) {
  const { t } = useTranslation('roles');
  const { t: tc } = useTranslation('common');
  const sections = useMemo(() => scopeSections(), []);

  return (
    <Box>
      {error && (
        <Typography color="error" role="alert" variant="body2" sx={{ mb: 1 }}>
          {error}
        </Typography>
      )}
      <TableContainer sx={{ border: 1, borderColor: error ? 'error.main' : 'divider', borderRadius: 1 }}>
        <Table size="small" aria-label={t('matrix.label')} data-testid="auth-scopes-editor">
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 200 }}>{t('matrix.module')}</TableCell>
              <TableCell align="center" sx={{ width: 80 }}>
                {t('matrix.access')}
              </TableCell>
              <TableCell align="center" sx={{ width: 70 }}>
                {t('matrix.all')}
              </TableCell>
              <TableCell>{t('matrix.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {sections.map((section) => (
              <Fragment key={section.group?.id ?? 'main'}>
                <TableRow>
                  <TableCell colSpan={4} sx={{ bgcolor: 'action.hover', py: 0.75 }}>
                    <Typography variant="overline" component="h3" sx={{ fontWeight: 700, lineHeight: 1.6 }}>
                      {section.group ? tc(section.group.label) : t('matrix.mainGroup')}
                    </Typography>
                  </TableCell>
                </TableRow>
                {section.modules.map((module) => {
                  const name = tc(module.label);
                  const scope = value[module.id];
                  const allowed = scope?.allowed ?? false;
                  const state = rowState(value, module);
                  const grantableModule = canGrant(grantable, module.id);
                  return (
                    <TableRow key={module.id} data-module-row={module.id} hover>
                      <TableCell component="th" scope="row">
                        <Typography variant="body2" sx={{ fontWeight: 600 }}>
                          {name}
                        </Typography>
                      </TableCell>
                      <TableCell align="center" padding="checkbox">
                        <Checkbox
                          size="small"
                          checked={allowed}
                          disabled={readOnly || (!allowed && !grantableModule)}
                          onChange={(e) => onChange(setAllowed(value, module.id, e.target.checked))}
                          slotProps={{ input: { 'aria-label': t('matrix.allowNamed', { name }) } }}
                        />
                      </TableCell>
                      <TableCell align="center" padding="checkbox">
                        <Checkbox
                          size="small"
                          checked={state === 'all'}
                          indeterminate={state === 'some'}
                          disabled={readOnly || (state === 'none' && !grantableModule)}
                          onChange={() => onChange(setRow(value, module, state !== 'all', grantable))}
                          slotProps={{ input: { 'aria-label': t('matrix.allNamed', { name }) } }}
                        />
                      </TableCell>
                      <TableCell>
                        {module.actions.length === 0 ? (
                          <Typography variant="body2" color="text.secondary">
                            {t('matrix.noActions')}
                          </Typography>
                        ) : (
                          <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
                            {module.actions.map((action) => {
                              const on = scope?.actions[action.key] === true && allowed;
                              const label = t(`scopeActions.${action.key}`, { defaultValue: action.label });
                              return (
                                <FormControlLabel
                                  key={action.key}
                                  sx={{ mr: 1, '& .MuiFormControlLabel-label': { fontSize: '0.85rem' } }}
                                  control={
                                    <Checkbox
                                      size="small"
                                      checked={on}
                                      disabled={readOnly || (!on && !canGrant(grantable, module.id, action.key))}
                                      onChange={(e) => onChange(setAction(value, module.id, action.key, e.target.checked))}
                                      slotProps={{ input: { 'aria-label': t('matrix.actionNamed', { name, action: label }) } }}
                                    />
                                  }
                                  label={label}
                                />
                              );
                            })}
                          </Box>
                        )}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </Fragment>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}

import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import SimCardOutlined from '@mui/icons-material/SimCardOutlined';
import WorkOutlined from '@mui/icons-material/WorkOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TSearchResult, TSearchScope } from '@tarang/shared/search/search.schemas';
import { ZSearchTerm } from '@tarang/shared/search/search.schemas';
import { type KeyboardEvent as ReactKeyboardEvent, type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { tMessage, translateError, translateMessage } from '@/lib/i18n/i18n';
import { isShortcutChord, SEARCH_SHORTCUT_KEY, SEARCH_SHORTCUT_KEY_CODE, shortcutKeyOf } from '@/lib/keyboard';
import { useGlobalSearch } from '../api/global-search';

/** Scope chips (spec §2) and the result groups they fill, in display order. */
const SCOPES: {
  scope: TSearchScope;
  chip: string;
  group: keyof TSearchResult;
  heading: string;
  empty: 'noSimsFound' | 'noJobsFound' | 'noOrganizationsFound' | 'noUsersFound';
}[] = [
  { scope: 'sims', chip: 'chips.sims', group: 'SIMS', heading: 'groups.sims', empty: 'noSimsFound' },
  { scope: 'jobs', chip: 'chips.requests', group: 'JOBS', heading: 'groups.jobs', empty: 'noJobsFound' },
  { scope: 'orgs', chip: 'chips.organizations', group: 'ORGS', heading: 'groups.orgs', empty: 'noOrganizationsFound' },
  { scope: 'users', chip: 'chips.users', group: 'USERS', heading: 'groups.users', empty: 'noUsersFound' },
];
const CHIP_ORDER: TSearchScope[] = ['sims', 'jobs', 'users', 'orgs'];

type TResultItem = { id: string; group: keyof TSearchResult; primary: string; secondary: string; href: string; icon: ReactNode };

function toItems(result: TSearchResult | undefined, simsCount: (count: number) => string): Record<keyof TSearchResult, TResultItem[]> {
  const join = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' · ');
  return {
    SIMS: (result?.SIMS ?? []).flatMap((s) => {
      const iccid = s.primary?.ICCID ?? s.provisioned[0]?.ICCID;
      if (!iccid) return [];
      return [
        {
          id: `sim-${s.id}`,
          group: 'SIMS' as const,
          primary: iccid,
          secondary: join(s.profile, s.organization?.tradeName),
          href: paths.simDetails.getHref(iccid),
          icon: <SimCardOutlined />,
        },
      ];
    }),
    JOBS: (result?.JOBS ?? []).map((j) => ({
      id: `job-${j.id}`,
      group: 'JOBS' as const,
      primary: j.batchJobId,
      secondary: join(simsCount(j.simsCount), j.status, j.profile),
      href: paths.requestByJob.getHref(j.batchJobId),
      icon: <WorkOutlined />,
    })),
    ORGS: (result?.ORGS ?? []).map((o) => ({
      id: `org-${o.id}`,
      group: 'ORGS' as const,
      primary: o.tradeName,
      secondary: join(o.brandName, o.email),
      href: paths.management.organisationById.getHref(o.id),
      icon: <BusinessOutlined />,
    })),
    USERS: (result?.USERS ?? []).map((u) => ({
      id: `user-${u.id}`,
      group: 'USERS' as const,
      primary: `${u.firstName} ${u.lastName}`.trim(),
      secondary: join(u.email, u.phone, u.organization?.tradeName),
      href: paths.management.userById.getHref(u.id),
      icon: <PersonOutlined />,
    })),
  };
}

function SearchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('search');
  const navigate = useNavigate();
  const [term, setTerm] = useState('');
  const [scopes, setScopes] = useState<TSearchScope[]>(['sims', 'jobs', 'orgs', 'users']);
  const [active, setActive] = useState(0);
  const listboxId = useId();
  const trimmed = term.trim();
  const debounced = useDebouncedValue(trimmed, 300);
  const check = ZSearchTerm.safeParse(trimmed);
  const ready = check.success && debounced === trimmed;
  const query = useGlobalSearch(debounced, scopes, open && ready);
  const grouped = useMemo(() => toItems(query.data, (count) => t('simsCount', { count })), [query.data, t]);
  const shownScopes = SCOPES.filter((s) => scopes.includes(s.scope));
  const flat = useMemo(() => (query.data ? shownScopes.flatMap((s) => grouped[s.group]) : []), [query.data, shownScopes, grouped]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: new results start with the first one highlighted
  useEffect(() => setActive(0), [debounced, scopes]);

  const openItem = (item: TResultItem | undefined) => {
    if (!item) return;
    onClose();
    navigate(item.href);
  };

  const onKeyDown = (event: ReactKeyboardEvent) => {
    if (!flat.length) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((i) => (i + 1) % flat.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => (i - 1 + flat.length) % flat.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      openItem(flat[active]);
    }
  };

  useEffect(() => {
    document.getElementById(`${listboxId}-opt-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active, listboxId]);

  const toggleScope = (scope: TSearchScope) =>
    setScopes((current) => (current.includes(scope) ? current.filter((s) => s !== scope) : [...current, scope]));

  let body: ReactNode;
  if (!trimmed) {
    body = (
      <Typography color="text.secondary" data-testid="search-hint">
        {tMessage('emptySearch')}
      </Typography>
    );
  } else if (!check.success) {
    body = <Typography color="error">{translateMessage(check.error.issues[0]?.message)}</Typography>;
  } else if (!scopes.length) {
    body = <Typography color="text.secondary">{t('noScope')}</Typography>;
  } else if (!ready || query.isPending || query.isFetching) {
    body = (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 2 }} role="status">
        <CircularProgress size={20} aria-hidden="true" />
        <Typography color="text.secondary">{t('searching')}</Typography>
      </Box>
    );
  } else if (query.isError) {
    body = <Typography color="error">{translateError(query.error)}</Typography>;
  } else {
    let index = 0;
    body = (
      <Box id={listboxId} role="listbox" aria-label={t('results')} data-testid="search-results">
        {shownScopes.map((s) => {
          const items = grouped[s.group];
          const headingId = `${listboxId}-${s.group}`;
          return (
            <Box key={s.group} role="group" aria-labelledby={headingId} sx={{ mb: 2 }} data-group={s.group}>
              <Typography id={headingId} variant="overline" component="div" sx={{ fontWeight: 700, color: 'text.secondary' }}>
                {t(s.heading)}
              </Typography>
              {items.length === 0 ? (
                <Typography variant="body2" color="text.secondary" sx={{ py: 0.5 }}>
                  {tMessage(s.empty)}
                </Typography>
              ) : (
                items.map((item) => {
                  const i = index++;
                  const selected = i === active;
                  return (
                    <Box
                      key={item.id}
                      id={`${listboxId}-opt-${i}`}
                      role="option"
                      aria-selected={selected}
                      onMouseEnter={() => setActive(i)}
                      onClick={() => openItem(item)}
                      data-href={item.href}
                      sx={{
                        display: 'flex',
                        alignItems: 'center',
                        gap: 1.5,
                        px: 1.5,
                        py: 1,
                        borderRadius: 1,
                        cursor: 'pointer',
                        bgcolor: selected ? 'action.selected' : 'transparent',
                        color: 'text.primary',
                        '& svg': { color: 'text.secondary' },
                      }}
                    >
                      {item.icon}
                      <Box sx={{ minWidth: 0 }}>
                        <Typography sx={{ fontWeight: 600 }} noWrap>
                          {item.primary}
                        </Typography>
                        {item.secondary && (
                          <Typography variant="body2" color="text.secondary" noWrap>
                            {item.secondary}
                          </Typography>
                        )}
                      </Box>
                    </Box>
                  );
                })
              )}
            </Box>
          );
        })}
      </Box>
    );
  }

  const activeId = flat.length ? `${listboxId}-opt-${active}` : undefined;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="md"
      aria-labelledby="global-search-title"
      slotProps={{ paper: { sx: { alignSelf: 'flex-start', mt: { xs: 2, sm: 10 } } } }}
    >
      <DialogTitle id="global-search-title" sx={{ pb: 1 }}>
        {t('title')}
      </DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          value={term}
          onChange={(e) => setTerm(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t('placeholder')}
          slotProps={{
            htmlInput: {
              'aria-label': t('inputLabel'),
              role: 'combobox',
              'aria-expanded': flat.length > 0,
              'aria-controls': listboxId,
              'aria-activedescendant': activeId,
              'aria-autocomplete': 'list',
              'data-testid': 'search-input',
            },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchOutlined />
                </InputAdornment>
              ),
            },
          }}
          sx={{ mt: 1 }}
        />
        <Stack direction="row" spacing={1} sx={{ my: 2, flexWrap: 'wrap', rowGap: 1 }} role="group" aria-label={t('scopes')}>
          {CHIP_ORDER.map((scope) => {
            const s = SCOPES.find((x) => x.scope === scope)!;
            const on = scopes.includes(scope);
            return (
              <Chip
                key={scope}
                label={t(s.chip)}
                color={on ? 'primary' : 'default'}
                variant={on ? 'filled' : 'outlined'}
                onClick={() => toggleScope(scope)}
                aria-pressed={on}
                data-scope={scope}
              />
            );
          })}
        </Stack>
        <Box sx={{ minHeight: 120, maxHeight: '55vh', overflowY: 'auto' }} aria-live="polite">
          {body}
        </Box>
      </DialogContent>
    </Dialog>
  );
}

/** The header's search button; Ctrl+Shift+F opens the same dialog. */
export function GlobalSearch() {
  const { t } = useTranslation('search');
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isShortcutChord(event)) return;
      if (event.keyCode === SEARCH_SHORTCUT_KEY_CODE || shortcutKeyOf(event) === SEARCH_SHORTCUT_KEY) {
        event.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, []);
  return (
    <>
      <Button
        color="inherit"
        onClick={() => setOpen(true)}
        startIcon={<SearchOutlined />}
        aria-keyshortcuts="Control+Shift+F"
        data-testid="search-button"
        sx={{
          display: { xs: 'none', sm: 'inline-flex' },
          color: 'text.secondary',
          border: 1,
          borderColor: 'divider',
          px: 1.5,
          minWidth: 220,
          justifyContent: 'flex-start',
        }}
      >
        <Box component="span" sx={{ flex: 1, textAlign: 'left' }}>
          {t('button')}
        </Box>
        <Box
          component="kbd"
          sx={{
            fontFamily: 'inherit',
            fontSize: '0.75rem',
            ml: 1,
            px: 0.75,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            display: { xs: 'none', md: 'inline' },
          }}
        >
          {t('hotkey')}
        </Box>
      </Button>
      <IconButton aria-label={t('open')} onClick={() => setOpen(true)} sx={{ display: { xs: 'inline-flex', sm: 'none' } }}>
        <SearchOutlined />
      </IconButton>
      {open && <SearchDialog open={open} onClose={() => setOpen(false)} />}
    </>
  );
}

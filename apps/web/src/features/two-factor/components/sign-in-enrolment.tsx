import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TTwoFactorChallenge, TTwoFactorLoginResponseData, TTwoFactorSetup } from '@tarang/shared/auth/two-factor.schemas';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateError } from '@/lib/i18n/i18n';
import { completeSignInSetup, startSignInSetup } from '../api/set-up-two-factor';
import { RecoveryCodes } from './recovery-codes';
import { SetupSteps } from './setup-steps';

type TSignInEnrolmentProps = {
  challenge: TTwoFactorChallenge;
  /** The session, once the key is confirmed and the recovery codes were shown. */
  onSignedIn: (data: TTwoFactorLoginResponseData) => void;
  /** Back to the password step. */
  onRestart: () => void;
};

/**
 * A staff account that must have two-factor sign-in and has none: before any session, the key to scan, its first
 * code, and the recovery codes; only then the console.
 */
export function SignInEnrolment({ challenge, onSignedIn, onRestart }: TSignInEnrolmentProps) {
  const { t } = useTranslation('two-factor');
  const [setup, setSetup] = useState<TTwoFactorSetup | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<TTwoFactorLoginResponseData | null>(null);

  useEffect(() => {
    let live = true;
    startSignInSetup(challenge.challenge).then(
      (s) => live && setSetup(s),
      (error: unknown) => live && setProblem(translateError(error)),
    );
    return () => {
      live = false;
    };
  }, [challenge.challenge]);

  return (
    <Stack spacing={2} data-testid="two-factor-enrolment">
      <Typography variant="h6" component="h2">
        {done ? t('recovery.title') : t('enrol.title')}
      </Typography>
      {!done && <Alert severity="info">{t('enrol.why')}</Alert>}
      {problem && (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      )}
      {done?.recoveryCodes ? (
        <RecoveryCodes
          codes={done.recoveryCodes}
          account={setup?.account}
          doneLabel={t('enrol.continue')}
          onDone={() => onSignedIn(done)}
        />
      ) : setup ? (
        <SetupSteps setup={setup} onConfirm={async (code) => setDone(await completeSignInSetup(challenge.challenge, code))} />
      ) : (
        !problem && <CircularProgress aria-label={t('enrol.title')} />
      )}
      {!done && (
        <Link component="button" type="button" variant="body2" onClick={onRestart} sx={{ alignSelf: 'flex-start', fontWeight: 600 }}>
          {t('enrol.back')}
        </Link>
      )}
    </Stack>
  );
}

import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import type { TPlan } from '@tarang/shared/plans/plan.schemas';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordLoader } from '@/components/form/record-loader';
import { usePlan } from '../api/get-plan';
import { usePlanShare } from '../api/get-plan-share';
import { usePlanShares } from '../api/get-plan-shares';
import { usePlanMessages } from '../utils/messages';
import { PlanSharesList } from './plan-shares-list';
import { PlanSummary } from './plan-summary';
import { ShareForm } from './share-form';

type TPlanShareProps = {
  /** The address's id: the caller's own blueprint (an organisation), or the plan's id (staff). */
  id: string;
  /** The caller's organisation; null for staff. */
  ownOrganizationId: string | null;
};

/** The plan, the shares made from it by the caller, and the form to share it once more. */
function ShareScreen({
  plan,
  ownBlueprintId,
  ownOrganizationId,
}: {
  plan: TPlan;
  ownBlueprintId: string | null;
  ownOrganizationId: string | null;
}) {
  const shares = usePlanShares(plan.id);
  const holders = useMemo(() => new Set((shares.data ?? []).map((s) => s.organizationId)), [shares.data]);
  return (
    <Stack spacing={3}>
      <PlanSummary plan={plan} isStaff={ownOrganizationId === null} />
      <ShareForm plan={plan} ownOrganizationId={ownOrganizationId} holders={holders} />
      <PlanSharesList query={shares} ownBlueprintId={ownBlueprintId} />
    </Stack>
  );
}

/** Staff: the provider's plan, by its id. */
function StaffShare({ id }: { id: string }) {
  const { failure } = usePlanMessages();
  return (
    <RecordLoader query={usePlan(id)} failure={failure}>
      {(plan) => <ShareScreen plan={plan} ownBlueprintId={null} ownOrganizationId={null} />}
    </RecordLoader>
  );
}

/** An organisation: its own blueprint, then the plan it shares (at the organisation's own price). */
function OrganizationShare({ id, ownOrganizationId }: { id: string; ownOrganizationId: string }) {
  const { t } = useTranslation('plans');
  const { failure } = usePlanMessages();
  const blueprint = usePlanShare(id);
  const own = blueprint.data?.organizationId === ownOrganizationId;
  const planId = own ? (blueprint.data?.planId ?? '') : '';
  const plan = usePlan(planId, { enabled: Boolean(planId) });
  // A share made below the caller is not its own: it is shared on from the caller's own blueprint.
  if (blueprint.data && !own) {
    return (
      <Alert severity="error" role="alert">
        {t('share.notOwn')}
      </Alert>
    );
  }
  const query = blueprint.data ? plan : { isPending: blueprint.isPending, data: undefined, error: blueprint.error };
  return (
    <RecordLoader query={query} failure={failure}>
      {(loaded) => <ShareScreen plan={loaded} ownBlueprintId={id} ownOrganizationId={ownOrganizationId} />}
    </RecordLoader>
  );
}

/**
 * Share a plan (spec §2 /plans/share/{blueprintId}): for an organisation the address holds its own blueprint of the
 * plan, for staff the plan itself (the provider shares its own plan).
 */
export function PlanShare({ id, ownOrganizationId }: TPlanShareProps) {
  return ownOrganizationId === null ? <StaffShare id={id} /> : <OrganizationShare id={id} ownOrganizationId={ownOrganizationId} />;
}

import type { ComponentProps } from 'react';
import { RecordLoader } from '@/components/form/record-loader';
import { usePlan } from '../api/get-plan';
import { usePlanMessages } from '../utils/messages';
import { PlanForm } from './plan-form';

type TEditPlanProps = Omit<ComponentProps<typeof PlanForm>, 'plan'> & { id: string };

/** Loads a plan and shows the form. */
export function EditPlan({ id, ...props }: TEditPlanProps) {
  const { failure } = usePlanMessages();
  return (
    <RecordLoader query={usePlan(id)} failure={failure}>
      {(plan) => <PlanForm key={plan.id} plan={plan} {...props} />}
    </RecordLoader>
  );
}

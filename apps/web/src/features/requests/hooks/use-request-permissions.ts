import { useMemo } from 'react';
import { useAccess, useSignedIn } from '@/lib/auth';
import { canDoAction } from '@/lib/permissions';

/**
 * What the signed-in user's role allows on requests, jobs and MNO jobs (spec §6; the server checks the same
 * permissions). A module is checked in the role itself: staff see every menu entry, but the server still asks
 * their role for it.
 */
export function useRequestPermissions() {
  const access = useAccess();
  const { user } = useSignedIn();
  return useMemo(() => {
    const has = (id: string) => access.permissions.has(id);
    const can = (module: string, action: string) => canDoAction(access, module, action);
    const staff = user.organization === null;
    return {
      staff,
      /** POST /request (every type but TERMINATE). */
      simActions: has('sim-actions'),
      /** POST /termination, and TERMINATE through /sim-actions. */
      addTermination: can('termination', 'addTermination'),
      requestList: has('request'),
      viewRequest: can('request', 'viewDetails'),
      cancelRequest: can('request', 'cancelRequest'),
      closeRequest: can('request', 'closeRequest'),
      checkpointModify: staff && can('request', 'checkpointModify'),
      respondRequest: can('request', 'respondRequest'),
      insights: can('request', 'automationInsights'),
      /** Job pages and the live progress endpoint. */
      job: has('job'),
      viewTasks: can('job', 'viewTasks'),
      changeJobStatus: staff && can('job', 'changeStatus'),
      /** MNO jobs: staff with the MNO job report. */
      mnoJobs: staff && has('mno-job-report'),
      markAsDone: staff && has('mno-job-report') && can('request', 'markAsDone'),
      reinitiate: staff && has('mno-job-report') && can('request', 'reinitiate'),
      /** PUT /operator-gateway/{operator}: the operator gateways' limits and the simulator's behaviour. */
      changeGateway: staff && can('request', 'reinitiate'),
    };
  }, [access, user.organization]);
}

import { useQuery } from '@tanstack/react-query';
import type {
  TReportAlert,
  TReportAlertCreate,
  TReportAlertUpdate,
  TReportSchedule,
  TReportScheduleCreate,
  TReportScheduleUpdate,
} from '@tarang/shared/reports/report-schedule.schemas';
import { api } from '@/lib/api-client';
import { defineResource, useResourceMutation } from '@/lib/resource';
import { saveFile } from '@/lib/save-file';

/** Schedules and alerts of the reports: GET/POST /report/schedule, /report/alert and their records. */
export const schedulesResource = defineResource<TReportSchedule>('report-schedules', '/report/schedule');
export const alertsResource = defineResource<TReportAlert>('report-alerts', '/report/alert');

/** One report's schedules in the caller's reach; refreshed while a run is on its way. */
export const useSchedules = (reportId: string) =>
  useQuery(
    schedulesResource.listOptions(
      [reportId],
      async (signal) => (await api.get<TReportSchedule[]>('/report/schedule', { params: { reportId }, signal })).data,
      {
        refetch: (data) =>
          data?.some((s) => s.lastRun?.status === 'RUNNING' || (s.enabled && Date.parse(s.nextRunAt) <= Date.now())) ? 3000 : false,
      },
    ),
  );

export const useAlerts = (reportId: string) =>
  useQuery(
    alertsResource.listOptions(
      [reportId],
      async (signal) => (await api.get<TReportAlert[]>('/report/alert', { params: { reportId }, signal })).data,
    ),
  );

export const useCreateSchedule = () =>
  useResourceMutation(
    schedulesResource,
    async (body: TReportScheduleCreate) => (await api.post<TReportSchedule>('/report/schedule', body)).data,
    {
      saved: (s) => s,
    },
  );
export const useUpdateSchedule = () =>
  useResourceMutation(
    schedulesResource,
    async ({ id, ...body }: TReportScheduleUpdate & { id: string }) =>
      (await api.put<TReportSchedule>(`/report/schedule/${id}`, body)).data,
    { saved: (s) => s },
  );
export const useRunScheduleNow = () =>
  useResourceMutation(schedulesResource, async (id: string) => (await api.post<TReportSchedule>(`/report/schedule/${id}/run`)).data, {
    saved: (s) => s,
  });
export const useDeleteSchedule = () =>
  useResourceMutation(schedulesResource, async (id: string) => {
    await api.delete(`/report/schedule/${id}`);
  });

export const useCreateAlert = () =>
  useResourceMutation(alertsResource, async (body: TReportAlertCreate) => (await api.post<TReportAlert>('/report/alert', body)).data, {
    saved: (a) => a,
  });
export const useUpdateAlert = () =>
  useResourceMutation(
    alertsResource,
    async ({ id, ...body }: TReportAlertUpdate & { id: string }) => (await api.put<TReportAlert>(`/report/alert/${id}`, body)).data,
    { saved: (a) => a },
  );
export const useDeleteAlert = () =>
  useResourceMutation(alertsResource, async (id: string) => {
    await api.delete(`/report/alert/${id}`);
  });

/** GET /report/run/{id}/file: a scheduled run's file. */
export async function downloadRun(runId: string, fileName: string): Promise<void> {
  const file = await api.download(`/report/run/${runId}/file`);
  saveFile(file, fileName);
}

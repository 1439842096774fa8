import type {
  ZCheckpoint,
  ZInsights,
  ZJobTask,
  ZMnoActionResult,
  ZMnoJob,
  ZMnoReportRow,
  ZProgress,
  ZRequestMessage,
} from '@tarang/shared/requests/request.schemas';
import type { z } from 'zod';

export type { TJob, TRequest, TRequestCreate, TRequestFile, TRequestPreview, TTaskCounts } from '@tarang/shared/requests/request.schemas';
export type TJobTask = z.infer<typeof ZJobTask>;
export type TMnoJob = z.infer<typeof ZMnoJob>;
export type TMnoActionResult = z.infer<typeof ZMnoActionResult>;
export type TMnoReportRow = z.infer<typeof ZMnoReportRow>;
export type TProgress = z.infer<typeof ZProgress>;
export type TCheckpoint = z.infer<typeof ZCheckpoint>;
export type TRequestMessage = z.infer<typeof ZRequestMessage>;
export type TInsights = z.infer<typeof ZInsights>;

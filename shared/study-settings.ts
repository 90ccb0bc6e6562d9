import { z } from 'zod';

/**
 * What annotators see of a reasoning trace (`<think> … </think>` before the delivered answer), a
 * study setting: `collapsed` — shown folded, labelled "not part of the argument", not markable (the
 * default); `hidden` — not sent to them at all, since a trace tells them a reasoning model wrote the
 * argument. The stored text, and what admins, adjudicators and exports see, never change.
 */
export const REASONING_TRACE_SETTINGS = ['collapsed', 'hidden'] as const;
export const reasoningTraceSettingSchema = z.enum(REASONING_TRACE_SETTINGS);
export type ReasoningTraceSetting = z.infer<typeof reasoningTraceSettingSchema>;

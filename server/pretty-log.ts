import { z } from 'zod';

/**
 * What a readable line shows of a pino entry: the fields the request log writes
 * (server/middlewares/request-log.ts) and an error's type, message and stack. Read loosely: an entry
 * of another shape still gives a line with its time, level and message.
 */
const entrySchema = z.object({
  time: z.number().optional(),
  level: z.number().optional(),
  msg: z.string().optional(),
  req: z.object({ method: z.string().optional(), path: z.string().optional() }).optional(),
  res: z.object({ status: z.number().optional() }).optional(),
  durationMs: z.number().optional(),
  user: z.string().nullable().optional(),
  err: z
    .object({ type: z.string().optional(), message: z.string().optional(), stack: z.string().optional() })
    .optional(),
});

const LEVEL_NAMES: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

function twoDigits(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

/** The local time of day to the millisecond: a terminal is read by someone who knows the date. */
function timeOfDay(epochMs: number): string {
  const at = new Date(epochMs);
  return `${twoDigits(at.getHours())}:${twoDigits(at.getMinutes())}:${twoDigits(at.getSeconds())}.${twoDigits(at.getMilliseconds(), 3)}`;
}

/** Where the error was raised: the stack's first frame, path and line, without the `at`. */
function firstFrame(stack: string | undefined): string | undefined {
  const frame = stack
    ?.split('\n')
    .map((line) => line.trim())
    .find((line) => line.startsWith('at '));
  return frame?.slice(3);
}

/**
 * One pino JSON line as one short line for a terminal: time, level, method, path, status, duration
 * and user; an error adds its type, message and where it was raised. Built from the entry pino wrote
 * — after its serializers and redaction — so it can hold nothing the JSON line does not.
 */
export function prettyLine(json: string): string {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const parsed = entrySchema.safeParse(raw);
  if (!parsed.success) return json.endsWith('\n') ? json : `${json}\n`;
  const entry = parsed.data;
  const parts = [
    entry.time === undefined ? '--:--:--.---' : timeOfDay(entry.time),
    (LEVEL_NAMES[entry.level ?? 30] ?? String(entry.level)).padEnd(5),
  ];
  if (entry.req) {
    parts.push(entry.req.method ?? '-', entry.req.path ?? '-', String(entry.res?.status ?? '-'));
    if (entry.durationMs !== undefined) parts.push(`${Math.round(entry.durationMs)}ms`);
    if (entry.user) parts.push(entry.user);
  } else if (entry.msg !== undefined) parts.push(entry.msg);
  if (entry.err) {
    const where = firstFrame(entry.err.stack);
    parts.push(
      `— ${entry.err.type ?? 'Error'}: ${entry.err.message ?? ''}${where === undefined ? '' : ` (at ${where})`}`,
    );
  }
  return `${parts.join(' ')}\n`;
}

/** A pino destination that writes each entry as `prettyLine` to `out` (standard output by default). */
export function prettyDestination(out: { write: (text: string) => unknown } = process.stdout): {
  write: (line: string) => void;
} {
  return {
    write: (line: string) => {
      out.write(prettyLine(line));
    },
  };
}

import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, type Logger } from 'pino';
import { prettyLine, scrubText, serializeError } from './log-redaction.server';

/**
 * The server's log (docs/architecture/logs.md): pino, one JSON object a line in production
 * (NODE_ENV=production as the operator declared it), one readable line otherwise, both with time
 * and level. Every line written while a request is answered carries its id (`requestId`), taken
 * from the request's async context. No line may carry personal data: messages name records by id;
 * errors go through serializeError; a last pass masks e-mail addresses, query strings and, inside
 * a request, IP addresses in the written line.
 *
 *   log.info({ paymentId }, 'Receipt sent');
 *   log.error({ err: error }, `Receipt mail for payment ${payment.id} failed`);
 */

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

export type RequestScope = { requestId: string };

/** Where lines go: the format, or a test's recorder (tests/setup/vitest.setup.ts). */
type Sink = (line: string, level: number) => void;

type LogState = { logger: Logger; requests: AsyncLocalStorage<RequestScope>; json: boolean; sink: Sink | undefined };

const ERROR_LEVEL = 50;

function write(state: LogState, line: string, level: number) {
  if (state.sink) return state.sink(line, level);
  if (state.json) process.stdout.write(line);
  // Readable lines: errors on stderr, as a terminal (and the test runner's server) expects them.
  else (level >= ERROR_LEVEL ? process.stderr : process.stdout).write(prettyLine(line));
}

function createState(): LogState {
  const requests = new AsyncLocalStorage<RequestScope>();
  const state = { requests, json: false, sink: undefined } as unknown as LogState;
  const destination = {
    [Symbol.for('pino.metadata')]: true,
    lastLevel: 30,
    write(line: string) {
      write(state, line, this.lastLevel);
    },
  };
  state.logger = pino(
    {
      level: 'info',
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => {
        const scope = requests.getStore();
        return scope ? { requestId: scope.requestId } : {};
      },
      serializers: { err: (error: unknown) => serializeError(error, scrubInScope(requests)) },
      hooks: {
        // An error logged without a message gets its kept message, not its raw one (a failed query's holds its parameters).
        logMethod(args, method) {
          const [first, second] = args as unknown[];
          const error = first instanceof Error ? first : (first as { err?: unknown } | null)?.err;
          if (error !== undefined && typeof second !== 'string') {
            const object = first instanceof Error ? { err: first } : (first as object);
            return method.call(this, object, serializeError(error, scrubInScope(requests)).message);
          }
          return method.apply(this, args);
        },
        // The development outbox's links keep their query strings (docs/architecture/logs.md); in production they are not logged.
        streamWrite: (line) => scrubText(line, { addresses: requests.getStore() !== undefined, keepQueries: !state.json && line.includes('"links":[') }),
      },
    },
    destination,
  );
  return state;
}

const scrubInScope = (requests: AsyncLocalStorage<RequestScope>) => (text: string) => scrubText(text, { addresses: requests.getStore() !== undefined });

// One log per process, shared by server.js's copy of the bundle and the dev server's reloads.
const holder = globalThis as typeof globalThis & { __ppaLog?: LogState };
const state = (holder.__ppaLog ??= createState());

export const log: Logger = state.logger;

/** Sets the format and level from the configuration (app/server/process.server.ts, at start). */
export function configureLog(options: { json: boolean; level?: LogLevel }): void {
  state.json = options.json;
  if (options.level) state.logger.level = options.level;
}

/** Runs `next` (the rest of a request's handling) with `scope`: every line written meanwhile carries its id. */
export function runInRequest<T>(scope: RequestScope, next: () => T): T {
  return state.requests.run(scope, next);
}

/** The id of the request being answered, if any (the 500 page shows it). */
export function currentRequestId(): string | undefined {
  return state.requests.getStore()?.requestId;
}

/** Tests: lines go to `sink` instead of stdout (undefined restores the format). */
export function setLogSink(sink: Sink | undefined): void {
  state.sink = sink;
}

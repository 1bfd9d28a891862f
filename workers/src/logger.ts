/** The logging the workers need: satisfied by a pino logger (`log.info({ ... }, 'msg')`). */
export interface WorkerLogger {
  info(obj: Record<string, unknown>, msg: string): void;
  warn(obj: Record<string, unknown>, msg: string): void;
  error(obj: Record<string, unknown>, msg: string): void;
}

/** A logger that drops everything (tests). */
export const silentLogger: WorkerLogger = {
  info() {},
  warn() {},
  error() {},
};

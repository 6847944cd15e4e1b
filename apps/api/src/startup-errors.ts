import { ConfigError, type Config } from './config';
import { DatabaseInUseError } from './db/data-dir-lock';

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * One line saying what went wrong and what to do about it, for the server and the seed command.
 * `step` names what was being done ('listen' for binding the port).
 */
export function explainStartupFailure(
  error: unknown,
  config: Config | undefined,
  step: string,
): string {
  if (error instanceof ConfigError) {
    return `${error.message} Fix the environment variable and start again.`;
  }
  if (error instanceof DatabaseInUseError) {
    return `${error.message}: stop that process, or set DATA_DIR to another folder.`;
  }
  const code = errorCode(error);
  const message = error instanceof Error ? error.message : String(error);
  const port = config?.API_PORT;
  const postgres = config?.DATABASE_URL ? new URL(config.DATABASE_URL) : undefined;
  const postgresAt = postgres ? `${postgres.hostname}:${postgres.port || 5432}` : '';
  switch (code) {
    case 'EADDRINUSE':
      return `Port ${port} is already in use: stop the other process or set API_PORT.`;
    case 'EADDRNOTAVAIL':
      return `Cannot listen on ${config?.API_HOST}: set API_HOST to an address of this machine (127.0.0.1 or 0.0.0.0).`;
    case 'ECONNREFUSED':
      return `Cannot connect to PostgreSQL at ${postgresAt}: start it, fix DATABASE_URL, or unset DATABASE_URL to use the embedded database.`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `The PostgreSQL host in DATABASE_URL (${postgres?.hostname}) cannot be found: fix DATABASE_URL.`;
    case '28P01':
    case '28000':
      return `PostgreSQL at ${postgresAt} refused the credentials in DATABASE_URL: fix the user or password.`;
    case '3D000':
      return `The database named in DATABASE_URL does not exist on ${postgresAt}: create it or fix DATABASE_URL.`;
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return step === 'listen'
        ? `Port ${port} needs privileges this process does not have: choose a port above 1023 with API_PORT.`
        : `Cannot write to the data folder ${config?.DATA_DIR} (${code}): make it writable or set DATA_DIR.`;
    default:
      return `The API could not start while ${step}: ${message}`;
  }
}

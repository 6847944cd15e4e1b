import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';

/** A port nobody listens on right now (the system's choice). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

/**
 * A redis-server of the test's own (no file written), which the test stops and starts again on
 * the same port: the fault tests of issue 32.
 */
export class TestRedisServer {
  private process: ChildProcess | null = null;

  constructor(
    readonly port: number,
    readonly binary = process.env.REDIS_SERVER_BIN ?? '/usr/bin/redis-server',
  ) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts it and answers once it accepts connections. */
  async start(): Promise<void> {
    if (this.process) return;
    const child = spawn(
      this.binary,
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.process = child;
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`redis-server did not start: ${output}`)),
        10_000,
      );
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited (${code}): ${output}`));
      });
    });
    child.removeAllListeners('exit');
    child.stdout?.removeAllListeners('data');
    child.stdout?.resume();
    child.stderr?.resume();
  }

  /** Freezes it (SIGSTOP): connections stay open and nothing answers, as a Redis that hangs. */
  freeze(): void {
    this.process?.kill('SIGSTOP');
  }

  /** Lets a frozen server run again (SIGCONT). */
  thaw(): void {
    this.process?.kill('SIGCONT');
  }

  /** Stops it (SIGTERM) and answers once the process has gone. */
  async stop(): Promise<void> {
    const child = this.process;
    if (!child) return;
    this.process = null;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGCONT');
    child.kill('SIGTERM');
    await exited;
  }
}

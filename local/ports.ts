import { createServer, type Server } from 'node:net';

/** The services of the local cloud that listen on a port of this machine. */
export const SERVICE_NAMES = ['web', 'gateway', 'dynamodb', 'cognito', 's3'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];
export type ServicePorts = Record<ServiceName, number>;

/** `npm start` uses fixed ports so bookmarks, `.local/endpoints.json` and the SPA config stay stable. */
export const DEFAULT_PORTS: ServicePorts = { web: 5173, gateway: 4000, dynamodb: 8000, cognito: 9229, s3: 4569 };

const SERVICE_LABELS: Record<ServiceName, string> = {
  web: 'web (Vite dev server)',
  gateway: 'gateway (local API Gateway)',
  dynamodb: 'dynamodb (DynamoDB Local)',
  cognito: 'cognito (cognito-local)',
  s3: 's3 (s3rver)',
};

export class PortTakenError extends Error {
  readonly taken: { service: ServiceName; port: number }[];

  constructor(taken: { service: ServiceName; port: number }[]) {
    const lines = taken.map(({ service, port }) => `  port ${port} for ${SERVICE_LABELS[service]}`);
    super(
      `The local cloud cannot start: ${taken.length === 1 ? 'this port is' : 'these ports are'} already in use:\n` +
        `${lines.join('\n')}\n` +
        'Stop whatever listens there (another `npm start`?) and try again. ' +
        'Find it with: lsof -i :PORT   or   ss -ltnp | grep PORT',
    );
    this.name = 'PortTakenError';
    this.taken = taken;
  }
}

function listenOn(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    // No host: Node binds the dual-stack wildcard, which collides with a listener on any local
    // address (127.0.0.1, ::1 or 0.0.0.0), so a taken port is found whatever the other program bound.
    server.listen({ port, exclusive: true }, () => resolve(server));
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

export async function isPortFree(port: number): Promise<boolean> {
  try {
    await close(await listenOn(port));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE' || (error as NodeJS.ErrnoException).code === 'EACCES') {
      return false;
    }
    throw error;
  }
}

/** Checks every port before anything starts: a half-started cloud is worse than a clear refusal. */
export async function assertPortsFree(ports: Partial<ServicePorts>): Promise<void> {
  const entries = Object.entries(ports) as [ServiceName, number][];
  const free = await Promise.all(entries.map(([, port]) => isPortFree(port)));
  const taken = entries.filter((_entry, i) => !free[i]).map(([service, port]) => ({ service, port }));
  if (taken.length > 0) throw new PortTakenError(taken);
}

/**
 * Ports the OS reports free right now, all distinct (the probes stay open until every port is
 * chosen). Tests use them so several runs, and a developer's `npm start`, never collide.
 */
export async function pickFreePorts(): Promise<ServicePorts> {
  const servers = await Promise.all(SERVICE_NAMES.map(() => listenOn(0)));
  const ports = servers.map((server) => {
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('Could not read a free port');
    return address.port;
  });
  await Promise.all(servers.map(close));
  return Object.fromEntries(SERVICE_NAMES.map((name, i) => [name, ports[i]])) as ServicePorts;
}

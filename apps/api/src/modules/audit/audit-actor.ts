import type { FastifyRequest } from 'fastify';
import { requireAdmin } from '../user';
import type { UserRecord } from '../user';

/** Who made a write, as the journal keeps it: the account's id and its e-mail at that time. */
export interface AuditActor {
  userId: number;
  userEmail: string;
}

export function auditActorOf(user: Pick<UserRecord, 'id' | 'email'>): AuditActor {
  return { userId: user.id, userEmail: user.email };
}

/** The administrator making this request, for the journal (401/403 for anyone else). */
export async function adminActor(request: FastifyRequest): Promise<AuditActor> {
  return auditActorOf(requireAdmin(await request.getUser()));
}

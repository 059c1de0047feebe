import type { WebSocket } from 'ws';
import * as MESSAGES from '../../../../../domain/messages.js';
import type { Logger } from '../../../logger.js';
import { revokesSession, SESSIONS_REVOKED_TOPIC, sessionsRevokedSchema, type LiveSession, type SessionsRevoked } from './session-revoked.js';
import type { ContextViewer } from '../../../graphql/context.js';
import { INVALID_TOKEN_MESSAGE } from '../tokens/token-scope.js';
import type { PostgresPubSub } from '../../../pubsub/postgres-pubsub.js';

/** graphql-ws' "Forbidden": the client may reconnect, and will then be signed out (or in anew). */
const SESSION_ENDED_CLOSE_CODE = 4403;

/**
 * This process's WebSockets that run as a revocable session or personal access token, closed
 * when it is revoked anywhere: every process hears the revocation through pub/sub (`listen`).
 */
export class SessionSockets {
  private readonly sessionsBySocket = new Map<WebSocket, LiveSession[]>();
  /** Revocations heard while a socket's viewer is being read, one list per read under way. */
  private readonly heardDuringReads = new Set<SessionsRevoked[]>();

  /**
   * Reads the viewer of a socket's operation (`read` checks the session in the database) and from
   * then on closes the socket when that session is revoked. A revocation committed after the
   * check but heard before the socket was registered would slip through, so those heard during
   * the read are held against its result too. Null when the session ended meanwhile.
   */
  async watch<T extends { viewer: ContextViewer | null }>(socket: WebSocket, read: () => Promise<T>): Promise<T | null> {
    const heard: SessionsRevoked[] = [];
    this.heardDuringReads.add(heard);
    let result: T;
    try {
      result = await read();
    } finally {
      this.heardDuringReads.delete(heard);
    }
    const session = liveSessionOf(result.viewer);
    if (!session) return result;
    if (heard.some((event) => revokesSession(event, session))) {
      closeForEndedSession(socket, session);
      return null;
    }
    // A socket closed during the read has already been forgotten; registering it would leak.
    if (socket.readyState !== socket.OPEN) return result;
    const sessions = this.sessionsBySocket.get(socket) ?? [];
    if (!sessions.some((known) => sameCredential(known, session))) sessions.push(session);
    this.sessionsBySocket.set(socket, sessions);
    return result;
  }

  forget(socket: WebSocket): void {
    this.sessionsBySocket.delete(socket);
  }

  /** Closes every socket `event` ends the session of. */
  revoke(event: SessionsRevoked): void {
    for (const heard of this.heardDuringReads) heard.push(event);
    for (const [socket, sessions] of this.sessionsBySocket) {
      const ended = sessions.find((session) => revokesSession(event, session));
      if (!ended) continue;
      this.sessionsBySocket.delete(socket);
      closeForEndedSession(socket, ended);
    }
  }

  /** Hears revocations from every process until the returned function is called. */
  listen(pubsub: PostgresPubSub, logger: Logger): () => void {
    const events = pubsub.subscribe<unknown>(SESSIONS_REVOKED_TOPIC);
    void (async () => {
      for await (const payload of events) {
        const event = sessionsRevokedSchema.safeParse(payload);
        if (event.success) this.revoke(event.data);
        else logger.warn({ payload }, 'ignoring a malformed session revocation');
      }
    })();
    return () => void events.return?.();
  }
}

function liveSessionOf(viewer: ContextViewer | null): LiveSession | null {
  if (viewer?.personalAccessTokenId) return { personalAccessTokenId: viewer.personalAccessTokenId, userId: viewer.user.id };
  if (!viewer?.sessionId) return null;
  return { sessionId: viewer.sessionId, userId: viewer.user.id, masqueradingAdminId: viewer.masqueradingAdminId };
}

function sameCredential(a: LiveSession, b: LiveSession): boolean {
  if ('personalAccessTokenId' in a) return 'personalAccessTokenId' in b && a.personalAccessTokenId === b.personalAccessTokenId;
  return 'sessionId' in b && a.sessionId === b.sessionId;
}

function closeForEndedSession(socket: WebSocket, ended: LiveSession): void {
  socket.close(SESSION_ENDED_CLOSE_CODE, 'personalAccessTokenId' in ended ? INVALID_TOKEN_MESSAGE : MESSAGES.sessionEnded);
}

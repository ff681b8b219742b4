import type { ServerToClientEvents } from '@equipment-dashboard/contract';
import type { Permission } from '@equipment-dashboard/domain';

/** A live event's name (console-core §4). */
export type LiveEventName = keyof ServerToClientEvents;
/** The payload of a live event. */
export type LivePayloadOf<E extends LiveEventName> = Parameters<ServerToClientEvents[E]>[0];

/**
 * What the services need of the live channel: push an event after a change committed, and end a user's sockets.
 * The services declare it; the live hub (src/live) implements it.
 */
export interface LivePublisher {
  /** To every console, on every server process (an event raised by this process's action). */
  emit<E extends LiveEventName>(event: E, payload: LivePayloadOf<E>): void;
  emitToUser<E extends LiveEventName>(username: string, event: E, payload: LivePayloadOf<E>): void;
  /**
   * To the consoles, on every server process, of users whose role holds the permission: an event that carries
   * what only that permission may read (a rollout, an alert) goes here, never to every console.
   */
  emitToPermitted<E extends LiveEventName>(permission: Permission, event: E, payload: LivePayloadOf<E>): void;
  /** Closes every socket of the user on every server process (after a password or role change). */
  disconnectUser(username: string): void;
  /** Closes every socket opened with a personal access token, on every server process (after its revocation). */
  disconnectAccessToken(tokenId: string): void;
}

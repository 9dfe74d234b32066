import type { Locale } from '../common/localized-text.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import type { ContentChanges, ContentVersionClock, VersionedCache } from './domains/cache.ts';
import type { IdleCollection } from './http/idle-collection.ts';
import type { Lifecycle } from './http/lifecycle.ts';
import type { Metrics } from './http/metrics.ts';
import type { LoadShedder } from './http/overload.ts';
import type { SecurityHeaders } from './http/security-headers.ts';
import type { Mailer } from './mail/mailer.ts';
import type { Actor } from './policies/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    mailer: Mailer;
    /** The content version as this node knows it (server/domains/cache.ts). */
    contentVersion: ContentVersionClock;
    /** What each content version changed, as this node read it (cache tags, issue 29). */
    contentChanges: ContentChanges;
    /** Views per content version, shared by actors with the same flags and roles. */
    views: VersionedCache;
    /** The content security policy for a nonce or for a cached page's script hashes. */
    security: SecurityHeaders;
    /** Prometheus metrics (server/http/metrics.ts). */
    metrics: Metrics;
    /** Whether the node is stopping: /readyz answers 503 (server/http/lifecycle.ts). */
    lifecycle: Lifecycle;
    /** A quiet node's one full garbage collection (server/http/idle-collection.ts). */
    idleCollection: IdleCollection;
    /** Refuses reads that need work while a queue stands (server/http/overload.ts). */
    overload: LoadShedder;
  }
  interface FastifyRequest {
    /** Interface language: ?lang=, the lang cookie, Accept-Language, then Dutch. */
    locale: Locale;
    actor: Actor;
  }
}

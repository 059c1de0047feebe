import { describe, expect, it } from 'vitest';
import { RoleFlag } from '../../../../domain/enums.js';
import { SERVICE_COMPONENTS } from '../../../../domain/service-status.js';
import { createUser } from '../../test-support/factories.js';
import { graphql, useTestServer } from '../../test-support/test-server.js';

const env = useTestServer();

const STATUS = '{ serviceStatus { state components { component state checkedAt latencyMs detail } } }';

interface StatusAnswer {
  serviceStatus: { state: string; components: Array<{ component: string; state: string; checkedAt: string; latencyMs: number | null; detail: string | null }> };
}

describe('serviceStatus (docs/product.md §Status)', () => {
  it('tells a signed-out visitor the state of each part and when it was checked, without details', async () => {
    const answer = await graphql<StatusAnswer>(env.server, STATUS);
    expect(answer.body.errors).toBeUndefined();
    const { state, components } = answer.body.data!.serviceStatus;
    expect(components.map((part) => part.component)).toEqual(SERVICE_COMPONENTS.map((name) => name.toUpperCase()));
    for (const part of components) {
      expect(part.state, part.component).toBe('UP');
      expect(Date.now() - new Date(part.checkedAt).getTime()).toBeLessThan(60_000);
      expect(part.latencyMs).toBeNull();
      expect(part.detail).toBeNull();
    }
    expect(state).toBe('UP');
  });

  it('gives admins how long each check took and how the part runs', async () => {
    const admin = await createUser(env.server.orm.em.fork(), { roleFlags: [RoleFlag.admin] });
    const answer = await graphql<StatusAnswer>(env.server, STATUS, { token: env.server.tokenFor(admin.id) });
    const parts = answer.body.data!.serviceStatus.components;
    for (const part of parts) expect(part.latencyMs, part.component).toBeGreaterThanOrEqual(0);
    expect(parts.find((part) => part.component === 'SEARCH')?.detail).toBe('engine: postgres');
    expect(parts.find((part) => part.component === 'MAIL')?.detail).toContain('outbox');
  });

  it('reuses its checks for a while, so asking again does not check again', async () => {
    const first = await graphql<StatusAnswer>(env.server, STATUS);
    const second = await graphql<StatusAnswer>(env.server, STATUS);
    expect(second.body.data!.serviceStatus.components.map((part) => part.checkedAt)).toEqual(first.body.data!.serviceStatus.components.map((part) => part.checkedAt));
  });
});

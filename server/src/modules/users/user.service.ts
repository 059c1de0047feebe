import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from './user.entity.js';

export function findUserByUsername(em: EntityManager, username: string): Promise<User | null> {
  // Usernames are unique case-insensitively (index on lower(username)).
  return em.findOne(User, { username: { $ilike: username.replace(/[\\%_]/g, '\\$&') } });
}

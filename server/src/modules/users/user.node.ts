import type { RequestContext } from './request-context.js';
import type { NodeType } from '../../graphql/node.js';
import { findLoginMethods } from './login-method.service.js';
import { User } from './user.entity.js';
import { LoginMethod } from './user.types.js';

/** Profiles are public, as user(username:) is; their private fields check who asks. */
export const userNode: NodeType<User, RequestContext> = {
  typeName: 'User',
  classType: User,
  loadVisible: ({ em }, ids) => em.find(User, { id: { $in: ids } }),
};

/** A login method is its owner's alone. */
export const loginMethodNode: NodeType<LoginMethod, RequestContext> = {
  typeName: 'LoginMethod',
  classType: LoginMethod,
  loadVisible: ({ em, viewer }, ids) => (viewer ? findLoginMethods(em, viewer.user.id, ids) : Promise.resolve([])),
};

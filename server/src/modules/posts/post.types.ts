import { connectionType } from '../../graphql/connection.js';
import { Credit } from '../credits/credit.entity.js';
import { Post } from './post.entity.js';

export const PostConnection = connectionType('Post', Post);
export const CreditConnection = connectionType('Credit', Credit, { totalCount: true });

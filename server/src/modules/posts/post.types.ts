import { connectionType } from '../../graphql/connection.js';
import { Post } from './post.entity.js';

export const PostConnection = connectionType('Post', Post);

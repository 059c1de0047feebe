import { PostType } from '../../../../domain/enums.js';
import { closedSetEnum } from '../../graphql/enums.js';
import type { ImportStatus } from './post.entity.js';

/** Stored as 1 to 5 (the REST API's numbers); GraphQL spells the names. */
export const PostTypeEnum = closedSetEnum(
  'PostType',
  { VIDEO: PostType.Video, GIF: PostType.Gif, IMAGE: PostType.Image, TEXT: PostType.Text, STORY: PostType.Story },
  'What kind of post it is on its network.',
  {
    VIDEO: 'A video, reel or short.',
    GIF: 'An animated picture.',
    IMAGE: 'A picture, or a set of pictures.',
    TEXT: 'Text only.',
    STORY: 'A story: shown only to the person who added it (and admins); stories are for teams.',
  },
);

export const ImportStatusEnum = closedSetEnum<ImportStatus>('ImportStatus', { PENDING: 'pending', IMPORTED: 'imported', FAILED: 'failed' }, 'How far Byline got importing a post.', {
  PENDING: 'Queued: a notification follows when it is done.',
  IMPORTED: 'Imported; its numbers are refreshed from time to time.',
  FAILED: 'The network would not give the post; the link stays recorded.',
});

import { connectionType } from '../../graphql/connection.js';
import { Credit } from './credit.entity.js';

export const CreditConnection = connectionType('Credit', Credit, { totalCount: true });

import type { EntityManager } from '@mikro-orm/postgresql';
import { CAPTION_SUBTITLE_MAX, PRODUCT_NAME } from '../../../../domain/constants.js';
import { truncate } from '../../../../domain/format.js';
import { jobPath, jobSlug, parseJobAddress } from '../../../../domain/jobs.js';
import { currencyExponent } from '../../../../domain/project-costs.js';
import { decodePathSegment } from '../../../../domain/url-parts.js';
import type { ServerPageHead } from '../../http/page-head-html.js';
import { CreditRole } from '../credits/index.js';
import { User } from '../users/index.js';
import { Job } from './job.entity.js';

/** Minor units as the currency's major units (12345 cents → 123.45), as schema.org's amounts are. */
function majorUnits(amount: number, currency: string): number {
  return amount / 10 ** currencyExponent(currency);
}

function salary(job: Job): Record<string, unknown> | null {
  if (job.isUnpaid || !job.payCurrency || (job.payMin === null && job.payMax === null)) return null;
  const value: Record<string, unknown> = { '@type': 'QuantitativeValue' };
  if (job.payMin !== null) value.minValue = majorUnits(job.payMin, job.payCurrency);
  if (job.payMax !== null) value.maxValue = majorUnits(job.payMax, job.payCurrency);
  return { '@type': 'MonetaryAmount', currency: job.payCurrency, value };
}

/**
 * The head of a job's page (docs/product.md §Jobs) as a signed-out visitor may see it: the social
 * card and schema.org `JobPosting`. A draft, an unknown id or another path is null. A closed job
 * keeps its card, and its posting says when it stopped being valid.
 */
export async function jobPageHead(em: EntityManager, publicUrl: string, pathname: string): Promise<ServerPageHead | null> {
  const match = /^\/jobs\/([^/]+)\/?$/.exec(pathname);
  const segment = match ? decodePathSegment(match[1]!) : null;
  const address = segment === null ? null : parseJobAddress(segment);
  if (!address) return null;
  const job = await em.findOne(Job, { publicId: address.publicId, status: { $ne: 'draft' } });
  if (!job) return null;
  const [account, roles] = await Promise.all([em.findOneOrFail(User, job.account.id), em.find(CreditRole, { id: { $in: job.roleIds } }, { orderBy: { id: 'asc' } })]);
  const company = account.name ?? `@${account.username ?? ''}`;
  const url = new URL(jobPath(job.publicId, jobSlug(account.username ?? '', job.name)), publicUrl).href;
  const where = job.isRemote ? (job.placeName ? `Remote or ${job.placeName}` : 'Remote') : (job.placeName ?? '');
  const lead = `${company} is hiring: ${roles.map((role) => role.name).join(', ')}. ${where}.${job.status === 'closed' ? ' Closed.' : ''}`;
  const pay = salary(job);
  return {
    title: `${job.name} at ${company}${job.status === 'closed' ? ' (closed)' : ''} | ${PRODUCT_NAME}`,
    description: truncate(job.description ? `${lead} ${job.description}` : lead, CAPTION_SUBTITLE_MAX),
    url,
    image: null,
    ogType: 'website',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'JobPosting',
      title: job.name,
      description: job.description || lead,
      url,
      datePosted: (job.publishedAt ?? job.createdAt).toISOString(),
      ...(job.status === 'closed' && job.closedAt ? { validThrough: job.closedAt.toISOString() } : job.deadline ? { validThrough: `${job.deadline}T23:59:59Z` } : {}),
      hiringOrganization: { '@type': 'Organization', name: company, ...(account.username ? { sameAs: new URL(`/${encodeURIComponent(account.username)}`, publicUrl).href } : {}) },
      ...(job.placeName ? { jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: job.placeName } } } : {}),
      ...(job.isRemote ? { jobLocationType: 'TELECOMMUTE' } : {}),
      ...(pay ? { baseSalary: pay } : {}),
      occupationalCategory: roles.map((role) => role.name),
      directApply: true,
    },
  };
}

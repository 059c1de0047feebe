import { describe, expect, it } from 'vitest';
import {
  applicantFacingStatus,
  applicationTransition,
  canChangeJobStatus,
  checkDeadline,
  checkJobName,
  checkPay,
  deadlineHasPassed,
  JOB_MESSAGES,
  jobAbilities,
  jobAccess,
  jobPath,
  jobSlug,
  mayApply,
  parseJobAddress,
} from './jobs.js';

describe('job addresses', () => {
  it('slugs the account and the title', () => {
    expect(jobSlug('Acme_Studio', 'Video Editor (remote)')).toBe('acme-studio-video-editor-remote');
    expect(jobPath('a2b3c4d5e6', 'acme-video-editor')).toBe('/jobs/a2b3c4d5e6~acme-video-editor');
  });

  it('gives a title with no letters a word of its own', () => {
    expect(jobSlug('acme', '🎬')).toBe('acme-job');
  });

  it('reads back an address, with any slug or none', () => {
    expect(parseJobAddress('a2b3c4d5e6~acme-video-editor')).toEqual({ publicId: 'a2b3c4d5e6', slug: 'acme-video-editor' });
    expect(parseJobAddress('a2b3c4d5e6~')).toEqual({ publicId: 'a2b3c4d5e6', slug: null });
    expect(parseJobAddress('a2b3c4d5e6')).toEqual({ publicId: 'a2b3c4d5e6', slug: null });
  });

  it('refuses a segment whose id cannot be one', () => {
    expect(parseJobAddress('short~acme')).toBeNull();
    expect(parseJobAddress('a2b3c4d5e0~acme')).toBeNull();
    expect(parseJobAddress('')).toBeNull();
  });
});

describe('checkJobName', () => {
  it('tidies spaces and bounds the length', () => {
    expect(checkJobName('  Video   editor ')).toEqual({ name: 'Video editor' });
    expect(checkJobName('   ')).toEqual({ error: JOB_MESSAGES.nameRequired });
    expect(checkJobName('x'.repeat(121))).toEqual({ error: JOB_MESSAGES.nameTooLong });
  });
});

describe('checkPay', () => {
  it('takes a range in a known currency', () => {
    expect(checkPay({ min: 100_000, max: 250_000, currency: 'eur', unpaid: false })).toEqual({ pay: { min: 100_000, max: 250_000, currency: 'EUR', unpaid: false } });
    expect(checkPay({ min: null, max: 5_000, currency: 'JPY', unpaid: false })).toEqual({ pay: { min: null, max: 5_000, currency: 'JPY', unpaid: false } });
  });

  it('takes unpaid with nothing else', () => {
    expect(checkPay({ min: null, max: null, currency: null, unpaid: true })).toEqual({ pay: { min: null, max: null, currency: null, unpaid: true } });
    expect(checkPay({ min: 1, max: null, currency: 'USD', unpaid: true })).toEqual({ error: JOB_MESSAGES.payOrUnpaid, field: 'pay' });
  });

  it('refuses no pay at all, an unknown currency, a bad amount or bounds out of order', () => {
    expect(checkPay({ min: null, max: null, currency: 'USD', unpaid: false })).toEqual({ error: JOB_MESSAGES.payOrUnpaid, field: 'pay' });
    expect(checkPay({ min: 1, max: 2, currency: 'XYZ', unpaid: false })).toEqual({ error: JOB_MESSAGES.payCurrency, field: 'payCurrency' });
    expect(checkPay({ min: 1, max: 2, currency: null, unpaid: false })).toEqual({ error: JOB_MESSAGES.payCurrency, field: 'payCurrency' });
    expect(checkPay({ min: -1, max: 2, currency: 'USD', unpaid: false })).toEqual({ error: JOB_MESSAGES.payAmount, field: 'payMin' });
    expect(checkPay({ min: 1, max: 2.5, currency: 'USD', unpaid: false })).toEqual({ error: JOB_MESSAGES.payAmount, field: 'payMax' });
    expect(checkPay({ min: 3, max: 2, currency: 'USD', unpaid: false })).toEqual({ error: JOB_MESSAGES.payOrder, field: 'payMax' });
  });
});

describe('deadlines', () => {
  it('takes a real day from today on', () => {
    expect(checkDeadline('2027-02-28', '2027-01-01')).toEqual({ deadline: '2027-02-28' });
    expect(checkDeadline('2027-01-01', '2027-01-01')).toEqual({ deadline: '2027-01-01' });
    expect(checkDeadline('2027-02-30', '2027-01-01')).toEqual({ error: JOB_MESSAGES.deadlineInvalid });
    expect(checkDeadline('tomorrow', '2027-01-01')).toEqual({ error: JOB_MESSAGES.deadlineInvalid });
    expect(checkDeadline('2026-12-31', '2027-01-01')).toEqual({ error: JOB_MESSAGES.deadlinePast });
  });

  it('passes once its whole day is over', () => {
    expect(deadlineHasPassed('2027-01-01', '2027-01-01')).toBe(false);
    expect(deadlineHasPassed('2027-01-01', '2027-01-02')).toBe(true);
    expect(deadlineHasPassed(null, '2027-01-02')).toBe(false);
  });
});

describe('job status changes', () => {
  it('lets a draft open or close, an open job close, and nothing reopen', () => {
    expect(canChangeJobStatus('draft', 'open')).toBe(true);
    expect(canChangeJobStatus('draft', 'closed')).toBe(true);
    expect(canChangeJobStatus('open', 'closed')).toBe(true);
    expect(canChangeJobStatus('open', 'draft')).toBe(false);
    expect(canChangeJobStatus('closed', 'open')).toBe(false);
    expect(canChangeJobStatus('closed', 'draft')).toBe(false);
    expect(canChangeJobStatus('closed', 'closed')).toBe(true);
  });
});

describe('application transitions', () => {
  it('moves the internal stages both ways for managers and members', () => {
    expect(applicationTransition('new', 'shortlisted', 'member')).toEqual({ ok: true });
    expect(applicationTransition('interviewing', 'new', 'member')).toEqual({ ok: true });
    expect(applicationTransition('shortlisted', 'interviewing', 'manager')).toEqual({ ok: true });
  });

  it('leaves hiring and declining to managers', () => {
    expect(applicationTransition('interviewing', 'hired', 'manager')).toEqual({ ok: true });
    expect(applicationTransition('new', 'declined', 'manager')).toEqual({ ok: true });
    expect(applicationTransition('interviewing', 'hired', 'member')).toEqual({ error: JOB_MESSAGES.managersDecide });
  });

  it('lets only the applicant withdraw, and only while undecided', () => {
    expect(applicationTransition('shortlisted', 'withdrawn', 'applicant')).toEqual({ ok: true });
    expect(applicationTransition('shortlisted', 'withdrawn', 'manager')).toEqual({ error: JOB_MESSAGES.applicationStatusChange });
    expect(applicationTransition('hired', 'withdrawn', 'applicant')).toEqual({ error: JOB_MESSAGES.cannotWithdraw });
    expect(applicationTransition('new', 'shortlisted', 'applicant')).toEqual({ error: JOB_MESSAGES.applicationStatusChange });
  });

  it('keeps decisions final', () => {
    expect(applicationTransition('hired', 'new', 'manager')).toEqual({ error: JOB_MESSAGES.applicationStatusChange });
    expect(applicationTransition('declined', 'hired', 'manager')).toEqual({ error: JOB_MESSAGES.applicationStatusChange });
    expect(applicationTransition('withdrawn', 'new', 'manager')).toEqual({ error: JOB_MESSAGES.applicationStatusChange });
  });

  it('shows the applicant no internal stage', () => {
    expect(applicantFacingStatus('interviewing')).toBe('new');
    expect(applicantFacingStatus('shortlisted')).toBe('new');
    expect(applicantFacingStatus('hired')).toBe('hired');
    expect(applicantFacingStatus('declined')).toBe('declined');
  });
});

describe('job access', () => {
  const viewer = { userId: 1, isAdmin: false };
  it('gives active managers and admins everything, active members the applications', () => {
    expect(jobAccess({ viewer, status: 'draft', membership: { role: 'manager', status: 'active' } })).toBe('manager');
    expect(jobAccess({ viewer: { userId: 2, isAdmin: true }, status: 'draft', membership: null })).toBe('manager');
    expect(jobAccess({ viewer, status: 'open', membership: { role: 'member', status: 'active' } })).toBe('member');
    expect(jobAbilities('member')).toEqual({ see: true, edit: false, seeApplications: true, decide: false });
    expect(jobAbilities('manager')).toEqual({ see: true, edit: true, seeApplications: true, decide: true });
  });

  it('gives pro_only seats, invited people and strangers what the public gets: nothing of a draft', () => {
    expect(jobAccess({ viewer, status: 'open', membership: { role: 'pro_only', status: 'active' } })).toBe('public');
    expect(jobAccess({ viewer, status: 'draft', membership: { role: 'pro_only', status: 'active' } })).toBe('none');
    expect(jobAccess({ viewer, status: 'draft', membership: { role: 'manager', status: 'invited' } })).toBe('none');
    expect(jobAccess({ viewer: null, status: 'closed', membership: null })).toBe('public');
    expect(jobAbilities('public')).toEqual({ see: true, edit: false, seeApplications: false, decide: false });
  });

  it('lets someone apply once to an open job before its deadline, from outside the team', () => {
    const open = { signedIn: true, access: 'public' as const, status: 'open' as const, deadline: '2027-01-10', today: '2027-01-10', hasApplied: false };
    expect(mayApply(open)).toBe(true);
    expect(mayApply({ ...open, signedIn: false })).toBe(false);
    expect(mayApply({ ...open, hasApplied: true })).toBe(false);
    expect(mayApply({ ...open, status: 'closed' })).toBe(false);
    expect(mayApply({ ...open, today: '2027-01-11' })).toBe(false);
    expect(mayApply({ ...open, access: 'member' })).toBe(false);
  });
});

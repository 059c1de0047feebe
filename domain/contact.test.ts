import { describe, expect, it } from 'vitest';
import { CONTACT_FIELD_MAX, contactFormProblems, contactSentMessage } from './contact.js';

const valid = { name: 'Ada Lovelace', email: 'ada@example.test', subject: 'Book a Demo', message: 'We would like to see Byline.' };

describe('contactFormProblems', () => {
  it('accepts a filled-in form', () => {
    expect(contactFormProblems(valid)).toEqual({});
  });

  it('names every missing or malformed field in its own words', () => {
    expect(contactFormProblems({ name: ' ', email: '', subject: '', message: '\n' })).toEqual({
      name: 'Please tell us your name.',
      email: 'Email is required',
      subject: 'Please give your message a subject.',
      message: 'Please write your message.',
    });
    expect(contactFormProblems({ ...valid, email: 'not-an-address' })).toEqual({ email: 'Invalid email address' });
  });

  it('refuses text over each limit, and names that change the direction of text', () => {
    expect(contactFormProblems({ ...valid, message: 'x'.repeat(CONTACT_FIELD_MAX.message + 1) })).toEqual({ message: 'Your message must be 5000 characters or fewer.' });
    expect(contactFormProblems({ ...valid, name: 'Ada\u202eLovelace' }).name).toMatch(/invisible characters/);
  });
});

describe('contactSentMessage', () => {
  it('says where the reply goes', () => {
    expect(contactSentMessage('ada@example.test')).toBe("Message sent. We'll reply to ada@example.test.");
  });
});

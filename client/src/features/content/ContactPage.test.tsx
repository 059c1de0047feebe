import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeAuthApi } from '@test/fakeAuthApi';
import { viewerAnswer } from '@test/fakeGraphQL';
import { renderApp } from '@test/renderApp';

const visitor = { Viewer: viewerAnswer(null), Networks: { __typename: 'Query' as const, networks: [] } };

afterEach(() => vi.unstubAllGlobals());

async function openForm(url = '/contact') {
  renderApp(url, visitor);
  return within(await screen.findByRole('form', { name: 'Contact form' }));
}

function type(form: ReturnType<typeof within>, label: string, value: string) {
  fireEvent.change(form.getByLabelText(label), { target: { value } });
}

describe('the contact page (docs/product.md §Contact)', () => {
  it('sends a visitor message with a captcha token and confirms where the reply goes', async () => {
    const api = fakeAuthApi({
      'GET /contact': { data: { open: true } },
      'POST /contact': (call) => ({ data: { email: call.body?.email, message: `Message sent. We'll reply to ${String(call.body?.email)}.` } }),
    });
    const form = await openForm();
    type(form, 'Name', 'Ada Lovelace');
    type(form, 'Email', 'ada@example.test');
    type(form, 'Subject', 'Hello');
    type(form, 'Message', 'A question about credits.');
    fireEvent.click(form.getByRole('button', { name: 'Send message' }));
    expect((await screen.findByRole('status')).textContent).toBe("Message sent. We'll reply to ada@example.test.");
    expect(api.to('POST /contact')[0]?.body).toEqual({ name: 'Ada Lovelace', email: 'ada@example.test', subject: 'Hello', message: 'A question about credits.', captcha: 'development' });
  });

  it('fills in the subject from the link (Book a Demo)', async () => {
    fakeAuthApi({ 'GET /contact': { data: { open: true } } });
    const form = await openForm('/contact?subject=Book+a+Demo');
    expect((form.getByLabelText('Subject') as HTMLInputElement).value).toBe('Book a Demo');
  });

  it('says what is wrong beside each field, focuses the first, and sends nothing', async () => {
    const api = fakeAuthApi({ 'GET /contact': { data: { open: true } } });
    const form = await openForm();
    type(form, 'Email', 'not-an-address');
    fireEvent.click(form.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(document.activeElement).toBe(form.getByLabelText('Name')));
    expect(form.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(form.getByText('Please tell us your name.')).toBeTruthy();
    expect(form.getByText('Invalid email address')).toBeTruthy();
    expect(form.getByText('Please write your message.')).toBeTruthy();
    expect(api.to('POST /contact')).toHaveLength(0);
  });

  it('keeps everything typed when the send fails, and says why', async () => {
    fakeAuthApi({ 'GET /contact': { data: { open: true } }, 'POST /contact': fail(429, 'Too many attempts. Please wait a few minutes and try again.') });
    const form = await openForm();
    type(form, 'Name', 'Ada');
    type(form, 'Email', 'ada@example.test');
    type(form, 'Subject', 'Hello');
    type(form, 'Message', 'Long thoughtful message.');
    fireEvent.click(form.getByRole('button', { name: 'Send message' }));
    expect((await form.findByRole('alert')).textContent).toBe('Too many attempts. Please wait a few minutes and try again.');
    expect((form.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('Long thoughtful message.');
    expect((form.getByLabelText('Name') as HTMLInputElement).value).toBe('Ada');
  });

  it('says the form is closed where the server has no contact address', async () => {
    fakeAuthApi({ 'GET /contact': { data: { open: false } } });
    renderApp('/contact', visitor);
    expect(await screen.findByText('The contact form is not open on this server yet.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Contact form' })).toBeNull();
  });
});

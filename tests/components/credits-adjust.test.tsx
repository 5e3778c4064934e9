/**
 * The admin's credit adjustment: the change and the reason are required, the change is a whole
 * number other than 0 that leaves the balance at 0 or more; every submit of one opening of the
 * modal carries the same request id (so a resend moves the credits once), a new opening a new
 * one; a server rejection naming a field shows on that field; a positive change may be marked
 * withdrawable (a negative one cannot).
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import AdjustCreditsModal, { type AdjustTarget } from '@/components/credits/AdjustCreditsModal';
import { fakeApi, ok, renderAdmin, serverError, signIn } from './support/system';
import { resetUmiStandIn } from './support/umi-max';

const ALICE: AdjustTarget = { id: 'u1', name: 'alice', balance: 1000 };

function Harness({ onDone }: { onDone: (b: number) => void }) {
  const [target, setTarget] = useState<AdjustTarget | null>(ALICE);
  return (
    <>
      <button type="button" onClick={() => setTarget({ ...ALICE })}>
        reopen
      </button>
      <AdjustCreditsModal target={target} onClose={() => setTarget(null)} onDone={onDone} />
    </>
  );
}

const amount = () => screen.getByLabelText('Change');
const reason = () => screen.getByLabelText('Reason');
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Adjust' }));

beforeEach(() => {
  resetUmiStandIn();
  signIn();
});

describe('adjust credits', () => {
  test('the change and the reason are required; 0 and a balance below 0 are refused before sending', async () => {
    const api = fakeApi({ 'POST /api/credits/adjust': () => ok({ balance: 0, repeated: false }) });
    renderAdmin(<Harness onDone={() => undefined} />);
    expect(await screen.findByText('Adjust the credits of alice')).toBeInTheDocument();
    submit();
    expect(await screen.findByText('Enter the change')).toBeInTheDocument();
    expect(await screen.findByText('Enter the reason')).toBeInTheDocument();

    fireEvent.change(amount(), { target: { value: '0' } });
    fireEvent.blur(amount());
    submit();
    expect(await screen.findByText('The change must not be 0')).toBeInTheDocument();

    fireEvent.change(amount(), { target: { value: '-1500' } });
    fireEvent.blur(amount());
    expect(await screen.findByTestId('adjust-after')).toHaveTextContent('-500');
    submit();
    expect(await screen.findByText('The balance cannot go below 0')).toBeInTheDocument();
    expect(api.to('POST /api/credits/adjust')).toHaveLength(0);
  });

  test('every submit of one opening names the same adjustment; a new opening a new one', async () => {
    const done: number[] = [];
    const api = fakeApi({ 'POST /api/credits/adjust': () => ok({ balance: 1250, repeated: api.to('POST /api/credits/adjust').length > 1 }) });
    renderAdmin(<Harness onDone={(b) => done.push(b)} />);
    await screen.findByText('Adjust the credits of alice');
    fireEvent.change(amount(), { target: { value: '250' } });
    fireEvent.blur(amount());
    fireEvent.change(reason(), { target: { value: '  goodwill  ' } });
    expect(await screen.findByTestId('adjust-after')).toHaveTextContent('1250');
    submit();
    await waitFor(() => expect(done).toEqual([1250]));
    submit();
    await waitFor(() => expect(done).toEqual([1250, 1250]));
    expect(await screen.findByText('This adjustment had already been made; the balance of alice is 1250')).toBeInTheDocument();

    const [first, second] = api.to('POST /api/credits/adjust').map((c) => c.data as { user_id: string; amount: number; reason: string; request_id: string });
    expect(first).toMatchObject({ user_id: 'u1', amount: 250, reason: 'goodwill' });
    expect(first.request_id).toMatch(/^[0-9a-f]{32}$/);
    expect(second.request_id).toBe(first.request_id);

    fireEvent.click(screen.getByText('reopen'));
    await waitFor(() => expect(amount()).toHaveValue(''));
    fireEvent.change(amount(), { target: { value: '-100' } });
    fireEvent.blur(amount());
    fireEvent.change(reason(), { target: { value: 'correction' } });
    submit();
    await waitFor(() => expect(api.to('POST /api/credits/adjust')).toHaveLength(3));
    const third = api.to('POST /api/credits/adjust')[2].data as { amount: number; request_id: string };
    expect(third.amount).toBe(-100);
    expect(third.request_id).not.toBe(first.request_id);
  });

  test("the server's refusal naming a field shows on that field", async () => {
    fakeApi({ 'POST /api/credits/adjust': () => Promise.reject(serverError(400, 'INVALID_PARAM', 'reason: required', 'reason')) });
    const done: number[] = [];
    renderAdmin(<Harness onDone={(b) => done.push(b)} />);
    await screen.findByText('Adjust the credits of alice');
    fireEvent.change(amount(), { target: { value: '5' } });
    fireEvent.blur(amount());
    fireEvent.change(reason(), { target: { value: 'x' } });
    submit();
    expect(await screen.findByText('reason: required')).toBeInTheDocument();
    expect(done).toEqual([]);
  });

  test('a positive change may be marked withdrawable; the box is gone for a negative one', async () => {
    const api = fakeApi({ 'POST /api/credits/adjust': () => ok({ balance: 1300, repeated: false }) });
    renderAdmin(<Harness onDone={() => undefined} />);
    await screen.findByText('Adjust the credits of alice');
    fireEvent.change(amount(), { target: { value: '-100' } });
    fireEvent.blur(amount());
    expect(screen.queryByText('Withdrawable')).toBeNull();
    fireEvent.change(amount(), { target: { value: '300' } });
    fireEvent.blur(amount());
    fireEvent.click(await screen.findByText('Withdrawable'));
    fireEvent.change(reason(), { target: { value: 'author reward' } });
    submit();
    await waitFor(() => expect(api.to('POST /api/credits/adjust')).toHaveLength(1));
    expect(api.to('POST /api/credits/adjust')[0].data).toMatchObject({ amount: 300, withdrawable: true });
  });
});

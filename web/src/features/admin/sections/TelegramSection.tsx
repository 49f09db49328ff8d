import { toIndiaLocal } from '../../../../../contracts/india-time';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Field } from '../../../components/ui/Field';
import { Modal } from '../../../components/ui/Modal';
import { Pager } from '../../../components/ui/Pager';
import { SegmentedControl } from '../../../components/ui/SegmentedControl';
import { Empty, ErrorText, Loading } from '../../../components/ui/States';
import { Tabs } from '../../../components/ui/Tabs';
import { ApiError, errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { useMoneyRequests, type MoneyRequest } from '../admin.api';
import { useChannels, useDecideSubscription, useDeleteRound, useRounds, useSaveRound, type RoundInput, type TelegramRound } from '../telegram.api';
import { MoneyRequestItem } from './MoneyRequestItem';
import { SectionHead } from './SectionHead';

type Tab = 'rounds' | 'deposits';

/** The Telegram section: game rounds for channels (default) and subscription deposits. */
export function TelegramSection() {
  const [tab, setTab] = useState<Tab>('rounds');
  const channels = useChannels();
  return (
    <section className="admin-section">
      <SectionHead title="Telegram" />
      {channels.data && !channels.data.configured && (
        <p className="admin-card__warning" role="note">
          {channels.data.message} Rounds can be scheduled; they are posted, and subscriptions approved, once the bot is set up.
        </p>
      )}
      <Tabs
        tabs={[
          { id: 'rounds', label: 'Game rounds' },
          { id: 'deposits', label: 'Subscription payments' },
        ]}
        active={tab}
        onChange={setTab}
        label="Telegram"
      >
        {tab === 'rounds' ? <GameRounds /> : <Subscriptions />}
      </Tabs>
    </section>
  );
}

/** "YYYY-MM-DDTHH:mm" in India time, for a datetime-local box whose value the server reads as India time. */
const toIstLocal = (iso: string): string => toIndiaLocal(Date.parse(iso));

function ChannelChoice({ value, onChange, id }: { value: string; onChange: (v: string) => void; id: string }) {
  const channels = useChannels();
  if (channels.isPending) return <Loading text="Loading channels..." />;
  if (channels.isError) return <ErrorText>Failed to fetch Telegram channels</ErrorText>;
  const list = channels.data.channels;
  if (!list.length) return <p className="state state--empty">No channels found</p>;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        Channel
      </label>
      <div className="field__box">
        <select id={id} className="field__input admin-select" value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">Choose a channel</option>
          {list.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

interface Draft {
  gameType: 'chicken' | 'color';
  prediction: string;
  startTime: string;
  endTime: string;
  channelId: string;
  period: string;
}

const draftOf = (r?: TelegramRound): Draft => ({
  gameType: r?.gameType ?? 'chicken',
  prediction: r ? r.multipliers.join(', ') : '',
  startTime: r ? toIstLocal(r.startTime) : '',
  endTime: r ? toIstLocal(r.endTime) : '',
  channelId: r?.channelId ?? '',
  period: r?.period ?? '',
});

/** The original app's checks: prediction, times and channel required; the prediction a comma-separated list of numbers. */
function roundOf(d: Draft): RoundInput | string {
  if (!d.prediction.trim() || !d.startTime || !d.endTime || !d.channelId) return 'Prediction, start time, end time and channel are required';
  const multipliers = d.prediction.split(',').map((x) => Number(x.trim()));
  if (multipliers.some((m) => !Number.isFinite(m) || m <= 0)) return 'Prediction must be numbers separated by commas';
  return { gameType: d.gameType, multipliers, startTime: d.startTime, endTime: d.endTime, channelId: Number(d.channelId), period: d.period.trim() || null };
}

function RoundFields({ draft, set, idBase }: { draft: Draft; set: (d: Draft) => void; idBase: string }) {
  return (
    <>
      <SegmentedControl
        label="Game"
        value={draft.gameType}
        onChange={(g) => g && set({ ...draft, gameType: g })}
        options={[
          { value: 'chicken', label: 'Chicken' },
          { value: 'color', label: 'Colour' },
        ]}
      />
      <Field label="Prediction" placeholder="1.5, 2, 3" value={draft.prediction} onChange={(e) => set({ ...draft, prediction: e.target.value })} />
      <Field
        label="Start Time"
        type="datetime-local"
        value={draft.startTime}
        onChange={(e) => set({ ...draft, startTime: e.target.value })}
        hint="India time"
      />
      <Field label="End Time" type="datetime-local" value={draft.endTime} onChange={(e) => set({ ...draft, endTime: e.target.value })} />
      {draft.gameType === 'color' && <Field label="Period" value={draft.period} onChange={(e) => set({ ...draft, period: e.target.value })} hint="Optional" />}
      <ChannelChoice id={`${idBase}-channel`} value={draft.channelId} onChange={(channelId) => set({ ...draft, channelId })} />
    </>
  );
}

function GameRounds() {
  const rounds = useRounds();
  const save = useSaveRound();
  const remove = useDeleteRound();
  const [adding, setAdding] = useState<Draft | null>(null);
  const [editing, setEditing] = useState<{ id: string; draft: Draft } | null>(null);
  const [deleting, setDeleting] = useState<TelegramRound | null>(null);

  const submit = (draft: Draft, id: string | undefined, done: () => void) => {
    const round = roundOf(draft);
    if (typeof round === 'string') return notify.error(round);
    save.mutate(
      { id, round },
      {
        onSuccess: () => {
          notify.success(id ? 'Round updated successfully' : 'Game round added successfully');
          done();
        },
        onError: (err) => notify.error(errorMessage(err, id ? 'Failed to update round' : 'Failed to add game round')),
      },
    );
  };

  return (
    <div className="admin-telegram">
      <p className="admin-muted">Predictions posted to your Telegram channels, each with the time it runs.</p>
      <div className="admin-telegram__bar">
        <Button onClick={() => setAdding(draftOf())}>Add Game Round</Button>
      </div>
      {rounds.isPending ? (
        <Loading />
      ) : rounds.isError ? (
        <ErrorText>Failed to fetch game rounds</ErrorText>
      ) : !rounds.data.length ? (
        <Empty>No game rounds found</Empty>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table admin-table--stack">
            <thead>
              <tr>
                <th scope="col">Prediction</th>
                <th scope="col">Start Time</th>
                <th scope="col">End Time</th>
                <th scope="col">Status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {rounds.data.map((r) =>
                editing?.id === r._id ? (
                  <tr key={r._id}>
                    <td colSpan={5}>
                      <div className="admin-telegram__edit">
                        <RoundFields idBase={`edit-${r._id}`} draft={editing.draft} set={(draft) => setEditing({ id: r._id, draft })} />
                        <div className="admin-telegram__actions">
                          <Button busy={save.isPending} onClick={() => submit(editing.draft, r._id, () => setEditing(null))}>
                            Save
                          </Button>
                          <Button variant="ghost" onClick={() => setEditing(null)}>
                            Cancel
                          </Button>
                        </div>
                      </div>
                    </td>
                  </tr>
                ) : (
                  <tr key={r._id}>
                    <td data-label="Prediction">
                      {r.multipliers.map((m) => `${m}x`).join(', ')}
                      <span className="admin-card__note"> {r.gameType === 'color' ? `Colour${r.period ? ` · ${r.period}` : ''}` : 'Chicken'}</span>
                    </td>
                    <td data-label="Start Time">{formatDateTime(r.startTime)}</td>
                    <td data-label="End Time">{formatDateTime(r.endTime)}</td>
                    <td data-label="Status">
                      <span className={`badge badge--${r.status === 'completed' ? 'approved' : 'pending'}`}>{r.status}</span>
                    </td>
                    <td data-label="Actions">
                      <div className="admin-telegram__actions">
                        <Button
                          variant="secondary"
                          onClick={() => setEditing({ id: r._id, draft: draftOf(r) })}
                          aria-label={`Edit round starting ${formatDateTime(r.startTime)}`}
                        >
                          Edit
                        </Button>
                        <Button variant="danger" onClick={() => setDeleting(r)} aria-label={`Delete round starting ${formatDateTime(r.startTime)}`}>
                          Delete
                        </Button>
                      </div>
                    </td>
                  </tr>
                ),
              )}
            </tbody>
          </table>
        </div>
      )}
      <Modal
        open={adding !== null}
        title="Add Game Round"
        onClose={() => setAdding(null)}
        actions={
          <>
            <Button variant="ghost" onClick={() => setAdding(null)}>
              Cancel
            </Button>
            <Button busy={save.isPending} onClick={() => adding && submit(adding, undefined, () => setAdding(null))}>
              Add Round
            </Button>
          </>
        }
      >
        {adding && <RoundFields idBase="add" draft={adding} set={setAdding} />}
      </Modal>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete round"
        tone="danger"
        confirmLabel="Delete"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting._id, {
            onSuccess: () => notify.success('Round deleted successfully'),
            onError: (err) => notify.error(errorMessage(err, 'Failed to delete round')),
            onSettled: () => setDeleting(null),
          })
        }
      >
        <p className="admin-confirm__text">Delete the round starting {deleting && formatDateTime(deleting.startTime)}?</p>
      </ConfirmDialog>
    </div>
  );
}

function Subscriptions() {
  const [filter, setFilter] = useState<'telegram' | 'crypto'>('telegram');
  const [page, setPage] = useState(1);
  const [choosing, setChoosing] = useState<MoneyRequest | null>(null);
  const requests = useMoneyRequests('deposit', page, filter);
  const items = requests.data?.items ?? [];
  const totalPages = requests.data?.totalPages ?? 1;
  return (
    <div className="admin-telegram">
      <p className="admin-muted">Players&apos; payments for a Telegram channel subscription. Approve one to choose the channel it opens.</p>
      <SegmentedControl
        label="Filter by method"
        value={filter}
        onChange={(f) => {
          if (!f) return;
          setFilter(f);
          setPage(1);
        }}
        options={[
          { value: 'telegram', label: 'Telegram' },
          { value: 'crypto', label: 'Crypto' },
        ]}
        className="admin-filter"
      />
      {requests.isPending ? (
        <Loading />
      ) : requests.isError ? (
        <ErrorText>{errorMessage(requests.error, 'Failed to fetch transactions')}</ErrorText>
      ) : !items.length ? (
        <Empty>No transactions found.</Empty>
      ) : (
        <>
          <ul className="admin-cards">
            {items.map((item) => (
              <MoneyRequestItem
                key={item._id}
                item={item}
                busy={false}
                canApprove={item.method.toLowerCase() === 'telegram'}
                onDecide={() =>
                  item.method.toLowerCase() === 'telegram' ? setChoosing(item) : notify.info('Crypto deposits are decided in the Deposite section.')
                }
              />
            ))}
          </ul>
          {totalPages > 1 && <Pager page={page} totalPages={totalPages} onChange={setPage} busy={requests.isFetching} />}
        </>
      )}
      {choosing && <ChannelDialog item={choosing} onClose={() => setChoosing(null)} />}
    </div>
  );
}

/** "Telegram Channels": a channel must be chosen before Approve or Reject. */
function ChannelDialog({ item, onClose }: { item: MoneyRequest; onClose: () => void }) {
  const [channel, setChannel] = useState('');
  const decide = useDecideSubscription();
  const pending = decide.isPending ? decide.variables?.status : null;
  const send = (status: 'approved' | 'rejected') => {
    if (!channel) return notify.error('Please select a channel before continuing');
    const channelId = Number(channel);
    if (!Number.isFinite(channelId)) return notify.error('Invalid channel ID');
    if (!item?._id) return notify.error('Transaction data missing');
    decide.mutate(
      { id: item._id, status, userId: item.userId, amount: Number(item.amount), channelId },
      {
        onSuccess: (answer) => {
          notify.success(answer.message);
          onClose();
        },
        onError: (err) => notify.error(err instanceof ApiError ? err.message : err instanceof Error ? err.message : 'Update failed'),
      },
    );
  };
  return (
    <Modal
      open
      title="Telegram Channels"
      onClose={onClose}
      actions={
        <>
          <Button variant="danger" disabled={!channel || decide.isPending} onClick={() => send('rejected')}>
            {pending === 'rejected' ? 'Rejecting...' : 'Reject'}
          </Button>
          <Button variant="success" disabled={!channel || decide.isPending} onClick={() => send('approved')}>
            {pending === 'approved' ? 'Approving...' : 'Approve'}
          </Button>
        </>
      }
    >
      <p className="admin-confirm__text">Approving sends the player a single-use invite link to the channel.</p>
      <ChannelChoice id="approve-channel" value={channel} onChange={setChannel} />
    </Modal>
  );
}

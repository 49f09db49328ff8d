import { useState, type FormEvent } from 'react';
import type { ColorCommitment } from '../../../../../contracts/color';
import { expectedBlockTime as expectedAt, knownBlock, normaliseBlockHash, saltTakenFrom } from '../../../../../contracts/color.math';
import { Button } from '../../../components/ui/Button';
import { Field } from '../../../components/ui/Field';
import { ErrorText, Loading } from '../../../components/ui/States';
import { errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { useCommitmentChange, useCommitments } from '../colourFairness.api';
import { SectionHead } from './SectionHead';

/** Every time in this section is India time, and says so. */
const ist = (iso: string) => `${formatDateTime(iso)} IST`;

/** When block `height` is expected (ISO), as the server works it out: ten minutes a block from the latest block whose time is known. */
const expectedBlockTime = (height: number, chains: ColorCommitment[]) => new Date(expectedAt(height, chains)).toISOString();

/** When the newest chain's last period ends (null while it waits for its salt). */
const chainEnds = (c: ColorCommitment | undefined) => (c?.epoch ? new Date(Date.parse(c.epoch) + c.chainLength * c.roundSeconds * 1000).toISOString() : null);

/**
 * The earliest start of the next chain: after the newest chain ends, and one period after its own
 * block is mined and the hash entered.
 */
function nextChainStart(chains: ColorCommitment[], blockAt: string | null): string | null {
  const end = chainEnds(chains[0]);
  const round = (chains[0]?.roundSeconds ?? 60) * 1000;
  const afterBlock = blockAt ? Math.ceil(Date.parse(blockAt) / round) * round + round : null;
  const times = [end ? Date.parse(end) : null, afterBlock].filter((t): t is number => t !== null);
  return times.length ? new Date(Math.max(...times)).toISOString() : null;
}

/**
 * The colour game's commitments (page games): the chains on record, the hash of the Bitcoin block a
 * waiting chain committed to, and the block the next chain commits to. Nothing here can choose or
 * change a result: a salt is written once, and only a block mined after the chain was published.
 */
export function ColourFairnessSection() {
  const list = useCommitments();
  let body;
  if (list.isPending) body = <Loading />;
  else if (list.isError) body = <ErrorText>{errorMessage(list.error, 'Failed to load the commitments')}</ErrorText>;
  else {
    const waiting = list.data.chains.find((c) => c.salt === null);
    body = (
      <>
        {waiting ? <SaltForm chain={waiting} chains={list.data.chains} /> : <NextChainForm chains={list.data.chains} />}
        <ChainTable chains={list.data.chains} />
      </>
    );
  }
  return (
    <section className="admin-section">
      <SectionHead title="Colour Fairness" />
      <div className="card admin-panel">{body}</div>
    </section>
  );
}

function SaltForm({ chain, chains }: { chain: ColorCommitment; chains: ColorCommitment[] }) {
  const enter = useCommitmentChange('salt');
  const [hash, setHash] = useState('');
  const [again, setAgain] = useState('');
  const [error, setError] = useState<string>();
  const [againError, setAgainError] = useState<string>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const salt = normaliseBlockHash(hash);
    if (!salt) {
      setAgainError(undefined);
      return setError('Paste the block hash as block explorers show it: 64 characters starting with zeros');
    }
    setError(undefined);
    // A salt is written once: the hash is typed twice so a slip cannot become the chain's salt.
    if (normaliseBlockHash(again) !== salt) return setAgainError('The two hashes differ: paste the block hash again to confirm it');
    setAgainError(undefined);
    enter.mutate(
      { block: String(chain.saltBlock), hash },
      {
        onSuccess: (answer) => notify.success(answer.message),
        onError: (err) => notify.error(errorMessage(err, 'The salt could not be entered')),
      },
    );
  };
  const expected = expectedBlockTime(chain.saltBlock!, chains);
  // The server takes the hash from this time on: before it, the block is most likely not mined.
  const takenFrom = new Date(saltTakenFrom(chain.saltBlock!, chains)).toISOString();
  return (
    <form className="admin-form" onSubmit={submit} noValidate aria-labelledby="salt-title">
      <h3 id="salt-title">Enter the salt of chain {chain.id}</h3>
      <p>
        Chain {chain.id} committed to Bitcoin block {chain.saltBlock} on {ist(chain.saltBlockAt!)}. Once that block is mined, paste its hash: the chain&rsquo;s
        periods start one period later. A salt is written once and never changes.
      </p>
      <p className="admin-muted">
        Block {chain.saltBlock} is expected about {ist(expected)} (ten minutes a block; check a block explorer). Its hash is taken from {ist(takenFrom)}.
      </p>
      <Field
        label={`Hash of block ${chain.saltBlock}`}
        value={hash}
        onChange={(e) => setHash(e.target.value)}
        error={error}
        autoComplete="off"
        spellCheck={false}
      />
      <Field
        label="Confirm the hash (paste it again)"
        value={again}
        onChange={(e) => setAgain(e.target.value)}
        error={againError}
        autoComplete="off"
        spellCheck={false}
      />
      <Button type="submit" busy={enter.isPending}>
        Enter Salt
      </Button>
    </form>
  );
}

function NextChainForm({ chains }: { chains: ColorCommitment[] }) {
  const after = chains[0];
  const commit = useCommitmentChange('next-chain');
  const [block, setBlock] = useState('');
  const [error, setError] = useState<string>();
  // When the form opened: a block expected before then is probably mined already.
  const [openedAt] = useState(() => Date.now());
  const height = /^\d{1,9}$/.test(block.trim()) && Number(block) >= 1 ? Number(block) : null;
  const blockAt = height === null ? null : expectedBlockTime(height, chains);
  const starts = nextChainStart(chains, blockAt);
  const known = knownBlock(chains);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (height === null) return setError('Enter a block height, a whole number');
    setError(undefined);
    commit.mutate(
      { block: block.trim() },
      {
        onSuccess: (answer) => notify.success(answer.message),
        onError: (err) => notify.error(errorMessage(err, 'The next chain could not be made')),
      },
    );
  };
  return (
    <form className="admin-form" onSubmit={submit} noValidate aria-labelledby="next-title">
      <h3 id="next-title">Commit the next chain to a Bitcoin block</h3>
      <p>
        The next chain is made and published now{after ? `, to follow chain ${after.id}` : ''}. Choose a block that is not mined yet (a few hours ahead); its
        hash becomes the salt, which you enter here once the block is mined.
      </p>
      <Field
        label="Block height"
        inputMode="numeric"
        value={block}
        onChange={(e) => setBlock(e.target.value)}
        error={error}
        autoComplete="off"
        hint={`Block ${known.block} was mined by ${ist(new Date(known.at).toISOString())}${known.fromChain ? ` (chain ${known.fromChain}'s salt)` : ''}; a block comes about every ten minutes.`}
      />
      <div className="admin-fairness-publish">
        <dl className="admin-fairness-times" aria-live="polite">
          <div>
            <dt>Block expected</dt>
            <dd>
              {blockAt ? `${ist(blockAt)} (about)` : 'Enter a block height'}
              {blockAt && Date.parse(blockAt) < openedAt && (
                <span className="admin-fairness-times__warn" role="note">
                  Probably mined already: check the height on a block explorer and choose one a few hours ahead.
                </span>
              )}
            </dd>
          </div>
          <div>
            <dt>Next chain starts</dt>
            <dd>
              {starts
                ? `${ist(starts)} at the earliest${after?.epoch ? `, after chain ${after.id} ends ${ist(chainEnds(after)!)}` : ''}`
                : 'One period after its block’s hash is entered'}
            </dd>
          </div>
        </dl>
        <Button type="submit" busy={commit.isPending}>
          Publish Next Chain
        </Button>
      </div>
    </form>
  );
}

const SOURCE: Record<NonNullable<ColorCommitment['saltSource']>, string> = {
  bitcoin: 'Bitcoin block',
  server: 'Drawn by the server',
  operator: 'Chosen before the chain',
};

function ChainTable({ chains }: { chains: ColorCommitment[] }) {
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <caption className="visually-hidden">Colour chains, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Chain</th>
            <th scope="col">Status</th>
            <th scope="col">Published (IST)</th>
            <th scope="col">Salt</th>
            <th scope="col">Periods</th>
          </tr>
        </thead>
        <tbody>
          {chains.map((c) => (
            <tr key={c.id}>
              <td>{c.id}</td>
              <td>{c.status}</td>
              <td>{ist(c.publishedAt)}</td>
              <td>
                {c.saltSource ? SOURCE[c.saltSource] : 'Waiting'}
                {c.saltBlock !== null && ` ${c.saltBlock}`}
              </td>
              <td>{c.firstPeriod ? `${c.firstPeriod} – ${c.lastPeriod}` : '–'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

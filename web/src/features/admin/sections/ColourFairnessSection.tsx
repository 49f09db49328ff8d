import { useState, type FormEvent } from 'react';
import type { ColorCommitment } from '../../../../../contracts/color';
import { normaliseBlockHash } from '../../../../../contracts/color.math';
import { Button } from '../../../components/ui/Button';
import { Field } from '../../../components/ui/Field';
import { ErrorText, Loading } from '../../../components/ui/States';
import { errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { useCommitmentChange, useCommitments } from '../colourFairness.api';
import { SectionHead } from './SectionHead';

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
        {waiting ? <SaltForm chain={waiting} /> : <NextChainForm after={list.data.chains[0]} />}
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

function SaltForm({ chain }: { chain: ColorCommitment }) {
  const enter = useCommitmentChange('salt');
  const [hash, setHash] = useState('');
  const [error, setError] = useState<string>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!normaliseBlockHash(hash)) return setError('Paste the block hash as block explorers show it: 64 characters starting with zeros');
    setError(undefined);
    enter.mutate(
      { block: String(chain.saltBlock), hash },
      {
        onSuccess: (answer) => notify.success(answer.message),
        onError: (err) => notify.error(errorMessage(err, 'The salt could not be entered')),
      },
    );
  };
  return (
    <form className="admin-form" onSubmit={submit} noValidate aria-labelledby="salt-title">
      <h3 id="salt-title">Enter the salt of chain {chain.id}</h3>
      <p>
        Chain {chain.id} committed to Bitcoin block {chain.saltBlock} on {formatDateTime(chain.saltBlockAt!)}. Once that block is mined, paste its hash: the
        chain&rsquo;s periods start one period later. A salt is written once and never changes.
      </p>
      <Field
        label={`Hash of block ${chain.saltBlock}`}
        value={hash}
        onChange={(e) => setHash(e.target.value)}
        error={error}
        autoComplete="off"
        spellCheck={false}
      />
      <Button type="submit" busy={enter.isPending}>
        Enter Salt
      </Button>
    </form>
  );
}

function NextChainForm({ after }: { after: ColorCommitment | undefined }) {
  const commit = useCommitmentChange('next-chain');
  const [block, setBlock] = useState('');
  const [error, setError] = useState<string>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{1,9}$/.test(block.trim()) || Number(block) < 1) return setError('Enter a block height, a whole number');
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
      <Field label="Block height" inputMode="numeric" value={block} onChange={(e) => setBlock(e.target.value)} error={error} autoComplete="off" />
      <Button type="submit" busy={commit.isPending}>
        Publish Next Chain
      </Button>
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
            <th scope="col">Published</th>
            <th scope="col">Salt</th>
            <th scope="col">Periods</th>
          </tr>
        </thead>
        <tbody>
          {chains.map((c) => (
            <tr key={c.id}>
              <td>{c.id}</td>
              <td>{c.status}</td>
              <td>{formatDateTime(c.publishedAt)}</td>
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

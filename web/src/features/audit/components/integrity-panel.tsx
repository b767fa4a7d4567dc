import type { AuditDigest } from '@hostel/contracts';
import { FileDown, ShieldCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { useDigest } from '../api/get-digest';
import { type Verification, useVerifyDigest } from '../api/verify-digest';
import { timeInWords } from './event-words';
import { saveFile } from './save-file';
import { LoadFailed } from '@/components/ui/read-failed';

const FULL_CHECK = 'npm run audit:verify';

/** What 'Verify now' found, in words; the tone tells a warning from good news. */
function verdict({ digest, check }: Verification): { tone: 'good' | 'bad' | 'unknown'; text: string } {
  const covers = `position ${digest.position} (signed ${timeInWords(digest.signedAt)})`;
  switch (check) {
    case 'valid':
      return {
        tone: 'good',
        text: `Signature valid: the server signed this digest with its published key ${digest.kid}. It covers the log up to ${covers}.`,
      };
    case 'invalid':
      return { tone: 'bad', text: `Signature does not match: the digest for ${covers} was not signed by the published key. Do not rely on it.` };
    case 'unknown-key':
      return { tone: 'bad', text: `The key this digest names (${digest.kid}) is not published, so the digest for ${covers} cannot be checked.` };
    case 'unsupported':
      return {
        tone: 'unknown',
        text: `This browser cannot check Ed25519 signatures, so the digest for ${covers} was not checked here. Use a current browser, or run ${FULL_CHECK}.`,
      };
  }
}

const tones = {
  good: 'border-emerald-300 bg-emerald-50 text-emerald-950',
  bad: 'border-red-300 bg-red-50 text-red-950',
  unknown: 'border-amber-300 bg-amber-50 text-amber-950',
};

function DigestFacts({ digest }: { digest: AuditDigest }) {
  return (
    <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_minmax(0,1fr)]">
      <dt className="font-medium text-slate-900">Covers the log up to position</dt>
      <dd className="font-mono break-all text-slate-800">{digest.position}</dd>
      <dt className="font-medium text-slate-900">Chain hash</dt>
      <dd className="font-mono break-all text-slate-800">{digest.hash}</dd>
      <dt className="font-medium text-slate-900">Signed at</dt>
      <dd className="text-slate-800">
        <time dateTime={digest.signedAt}>{timeInWords(digest.signedAt)}</time>
      </dd>
      <dt className="font-medium text-slate-900">Signing key</dt>
      <dd className="font-mono break-all text-slate-800">{digest.kid}</dd>
    </dl>
  );
}

/**
 * The ledger's latest signed digest and 'Verify now': a fresh digest, its Ed25519 signature checked in
 * the browser against the published keys. The browser cannot recompute the chain; the full check runs on
 * the server's side (`npm run audit:verify`, with a saved digest to prove nothing before it changed).
 */
export function IntegrityPanel() {
  const digest = useDigest();
  const verify = useVerifyDigest();
  const result = verify.data ? verdict(verify.data) : undefined;

  return (
    <div className="grid max-w-3xl gap-6">
      <section aria-labelledby="digest-heading" className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm md:p-6">
        <h2 id="digest-heading" className="text-xl font-semibold text-slate-900">
          Latest digest
        </h2>
        {digest.isPending ? (
          <p role="status">Loading the digest...</p>
        ) : digest.isError && digest.error instanceof ApiError && digest.error.status === 404 ? (
          <p role="alert" className="font-medium text-red-700">
            The log is empty: there is nothing to sign yet.
          </p>
        ) : digest.isError ? (
          <LoadFailed retry={digest}>{'Failed to load the digest: ' + digest.error.message}</LoadFailed>
        ) : (
          <DigestFacts digest={digest.data} />
        )}
        <div className="flex flex-wrap gap-2">
          <Button disabled={verify.isPending} aria-busy={verify.isPending} onClick={() => verify.mutate()}>
            <ShieldCheck aria-hidden="true" />
            {verify.isPending ? 'Verifying...' : 'Verify now'}
          </Button>
          {digest.data ? (
            <Button
              variant="outline"
              onClick={() =>
                saveFile(
                  new Blob([JSON.stringify(digest.data, null, 2)], { type: 'application/json' }),
                  `audit-digest-${digest.data.signedAt.replace(/[:.]/g, '-')}.json`,
                )
              }
            >
              <FileDown aria-hidden="true" />
              Save this digest
            </Button>
          ) : null}
        </div>
        {/* One polite region for the outcome, whatever it is. */}
        <div role="status">
          {verify.isError ? (
            <p className="rounded-md border border-red-300 bg-red-50 p-3 text-red-950">{'Could not verify: ' + verify.error.message}</p>
          ) : result ? (
            <p className={`rounded-md border p-3 ${tones[result.tone]}`}>{result.text}</p>
          ) : null}
        </div>
      </section>
      <section aria-labelledby="full-check-heading" className="grid gap-2 text-slate-800">
        <h2 id="full-check-heading" className="text-xl font-semibold text-slate-900">
          The full check
        </h2>
        <p>
          A signature proves the server vouched for this digest, not that the log behind it is intact: only re-reading every event and recomputing the chain
          shows that, and a browser cannot. On the server, run <code className="rounded bg-slate-100 px-1.5 py-0.5 text-sm text-slate-900">{FULL_CHECK}</code>;
          with a digest saved earlier,{' '}
          <code className="rounded bg-slate-100 px-1.5 py-0.5 text-sm text-slate-900 [overflow-wrap:anywhere]">{`${FULL_CHECK} -- --digest FILE`}</code> also
          proves nothing up to it changed since.
        </p>
      </section>
    </div>
  );
}

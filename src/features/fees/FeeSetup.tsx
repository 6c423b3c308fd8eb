/**
 * The school's fee set-up on /admin/fee (admins): fee heads (added and renamed through the outbox,
 * so offline too) and a class's structure for the academic year: which heads it charges, how often, the amount
 * of each installment and their due dates, and the late fine. A structure is saved at the school
 * (POST/PUT /api/feeStructures, online), which gives its installments their ids and labels.
 */
import { say, useLanguage } from '../../i18n';
import { useMemo, useState, type FormEvent } from 'react';
import { academicYearLabel } from '../../../contract/admission';
import { feeFrequencies, type FeeFrequency, type FeeHead, feeMessages, feeStructurePaths, type FineKind, fineKinds } from '../../../contract/fees';
import { messages } from '../../../contract/messages';
import { formatRupees, rupeesInput } from '../../../contract/money';
import { ApiError } from '../../api/api-error';
import { apiRequest } from '../../api/client';
import { useWriteReport } from '../../kit';
import { useOnline } from '../../kit/use-online';
import { useSyncEngine } from '../../sync-binding/hooks';
import { shortDate } from '../../ui/dates';
import { SelectField, TextField } from '../../ui/fields';
import { classLabel, currentFeeYear, type FeeMirror } from './queries';
import { ConcessionsPanel } from './ConcessionsPanel';
import { FeeSettingsForm } from './FeeSettingsForm';
import { OnlinePaymentSettings } from './OnlinePaymentSettings';
import { draftsOf, structureBody, withFrequency, type HeadDraft } from './structure-drafts';
import { feeTexts as text } from './texts';


export function FeeSetup({ mirror }: { mirror: FeeMirror }) {
  useLanguage();
  const engine = useSyncEngine();
  const report = useWriteReport();
  const online = useOnline() !== false;
  const academicYear = currentFeeYear(mirror);
  const [headName, setHeadName] = useState('');
  const [classId, setClassId] = useState('');
  const structure = mirror.structures.find((row) => row.classId === classId && row.academicYear === academicYear);
  const heads = useMemo(() => [...mirror.heads].sort((a, b) => a.name.localeCompare(b.name)), [mirror.heads]);
  const headNames = new Map(heads.map((head) => [head.id, head.name]));

  const addHead = async (event: FormEvent) => {
    event.preventDefault();
    if (!engine || !headName.trim()) return;
    if (await report.attempt(() => engine.mutate('feeHeads.create', { name: headName.trim() }), feeMessages.headAdded)) setHeadName('');
  };

  return (
    <section aria-labelledby="fee-setup" className="fee-section panel no-print">
      <h2 id="fee-setup">{text.setup.heading({ year: academicYearLabel(academicYear) })}</h2>
      <form className="fee-toolbar" onSubmit={(event) => void addHead(event)}>
        <TextField label={text.setup.newHead} value={headName} onChange={(event) => setHeadName(event.target.value)} />
        <button type="submit" className="btn" disabled={!engine || !headName.trim()}>
          {text.setup.addHead}
        </button>
      </form>
      {heads.length === 0 ? (
        <p>{text.setup.noHeads}</p>
      ) : (
        <ul className="fee-head-list" aria-label={text.setup.headsList}>
          {heads.map((head) => (
            <HeadItem key={head.id} head={head} heads={heads} />
          ))}
        </ul>
      )}
      <SelectField label={text.setup.chooseClass} value={classId} onChange={(event) => setClassId(event.target.value)}>
        <option value="">{text.defaulters.pick}</option>
        {mirror.classes.map((row) => (
          <option key={row.id} value={row.id}>
            {classLabel(mirror.classes, row.id)}
          </option>
        ))}
      </SelectField>
      {classId && structure && (
        <table className="fee-table">
          <caption>{text.setup.caption({ className: classLabel(mirror.classes, classId) })}</caption>
          <thead>
            <tr>
              <th scope="col">{text.columns.head}</th>
              <th scope="col">{text.columns.installment}</th>
              <th scope="col">{text.columns.dueDate}</th>
              <th scope="col" className="fee-num">
                {text.columns.amount}
              </th>
            </tr>
          </thead>
          <tbody>
            {structure.heads.flatMap((head) =>
              head.installments.map((installment) => (
                <tr key={installment.id}>
                  <td>{headNames.get(head.headId) ?? ''}</td>
                  <td>{installment.label}</td>
                  <td>{shortDate(installment.dueDate)}</td>
                  <td className="fee-num">{formatRupees(installment.amount)}</td>
                </tr>
              )),
            )}
          </tbody>
        </table>
      )}
      {classId && (
        <StructureForm
          key={`${classId}|${structure?.rev ?? 0}|${heads.length}`}
          mirror={mirror}
          classId={classId}
          academicYear={academicYear}
          online={online}
          onSaved={() => void engine?.syncNow()}
        />
      )}
      {classId && <ConcessionsPanel mirror={mirror} classId={classId} academicYear={academicYear} />}
      <FeeSettingsForm academicYear={academicYear} />
      <OnlinePaymentSettings />
    </section>
  );
}

/** One fee head, renamed in place through the outbox (PUT /api/feeHeads/update/{id}). */
function HeadItem({ head, heads }: { head: FeeHead; heads: readonly FeeHead[] }) {
  const engine = useSyncEngine();
  const report = useWriteReport();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(head.name);
  const [error, setError] = useState<string | undefined>(undefined);

  const rename = async (event: FormEvent) => {
    event.preventDefault();
    const next = name.trim();
    let why: string | undefined;
    if (!next) why = messages.records.fields.required(text.columns.head);
    else if (heads.some((other) => other.id !== head.id && other.name.toLowerCase() === next.toLowerCase())) why = feeMessages.headNameTaken(next);
    setError(why);
    if (why || !engine) return;
    if (next === head.name) return setRenaming(false);
    if (await report.attempt(() => engine.mutate('feeHeads.update', { id: head.id, name: next, description: head.description }), feeMessages.headUpdated)) setRenaming(false);
  };

  if (!renaming) {
    return (
      <li>
        {head.name}{' '}
        <button
          type="button"
          className="btn btn-link"
          aria-label={text.setup.rename({ head: head.name })}
          onClick={() => {
            setName(head.name);
            setError(undefined);
            setRenaming(true);
          }}
        >
          {text.setup.renameShort}
        </button>
      </li>
    );
  }
  return (
    <li>
      <form className="fee-toolbar" onSubmit={(event) => void rename(event)} noValidate aria-label={text.setup.rename({ head: head.name })}>
        <TextField label={text.setup.newName({ head: head.name })} value={name} onChange={(event) => setName(event.target.value)} />
        {error && (
          <p className="alert alert-error" role="alert">
            {say(error)}
          </p>
        )}
        <button type="submit" className="btn" disabled={!engine}>
          {text.setup.saveName}
        </button>
        <button type="button" className="btn" onClick={() => setRenaming(false)}>
          {text.setup.cancel}
        </button>
      </form>
    </li>
  );
}

function StructureForm({ mirror, classId, academicYear, online, onSaved }: { mirror: FeeMirror; classId: string; academicYear: number; online: boolean; onSaved: () => void }) {
  const report = useWriteReport();
  const structure = mirror.structures.find((row) => row.classId === classId && row.academicYear === academicYear);
  const heads = [...mirror.heads].sort((a, b) => a.name.localeCompare(b.name));
  const [drafts, setDrafts] = useState<HeadDraft[]>(() => draftsOf(heads, structure, academicYear));
  const [fineKind, setFineKind] = useState<FineKind>(structure?.fineKind ?? 'none');
  const [fineAmount, setFineAmount] = useState(rupeesInput(structure?.fineAmount ?? 0));
  const [fineCap, setFineCap] = useState(structure?.fineCap === null || structure?.fineCap === undefined ? '' : rupeesInput(structure.fineCap));
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const change = (headId: string, next: (draft: HeadDraft) => HeadDraft) => setDrafts((list) => list.map((draft) => (draft.headId === headId ? next(draft) : draft)));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const built = structureBody(classId, academicYear, drafts, { kind: fineKind, amount: fineAmount, cap: fineCap });
    if ('problem' in built) return setError(built.problem);
    setError(undefined);
    setBusy(true);
    try {
      const response = structure
        ? await apiRequest('PUT', feeStructurePaths.update(structure.id), { json: { ...built.body, baseRev: structure.rev } })
        : await apiRequest('POST', feeStructurePaths.create, { json: built.body });
      report.saved(response.message ?? feeMessages.structureAdded);
      onSaved();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : messages.network.unexpected);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="fee-structure-form" onSubmit={(event) => void save(event)} noValidate aria-label={text.setup.formLabel({ className: classLabel(mirror.classes, classId) })}>
      {drafts.map((draft) => (
        <fieldset key={draft.headId} className="fee-head-draft">
          <legend>
            <label className="fee-check">
              <input type="checkbox" checked={draft.charged} onChange={(event) => change(draft.headId, (one) => ({ ...one, charged: event.target.checked }))} /> {draft.name}
            </label>
          </legend>
          {draft.charged && (
            <div className="fee-toolbar">
              <SelectField label={text.setup.frequency({ head: draft.name })} value={draft.frequency} onChange={(event) => change(draft.headId, (one) => withFrequency(one, event.target.value as FeeFrequency, academicYear))}>
                {feeFrequencies.map((value) => (
                  <option key={value} value={value}>
                    {text.frequencies[value]}
                  </option>
                ))}
              </SelectField>
              <TextField label={text.setup.amount({ head: draft.name })} inputMode="decimal" value={draft.amount} onChange={(event) => change(draft.headId, (one) => ({ ...one, amount: event.target.value }))} />
              {draft.dueDates.map((dueDate, index) => (
                <TextField
                  key={index}
                  label={text.setup.dueDate({ head: draft.name, n: index + 1 })}
                  type="date"
                  value={dueDate}
                  onChange={(event) => change(draft.headId, (one) => ({ ...one, dueDates: one.dueDates.map((date, i) => (i === index ? event.target.value : date)) }))}
                />
              ))}
            </div>
          )}
        </fieldset>
      ))}
      <div className="fee-toolbar">
        <SelectField label={text.setup.fine} value={fineKind} onChange={(event) => setFineKind(event.target.value as FineKind)}>
          {fineKinds.map((value) => (
            <option key={value} value={value}>
              {text.fineKinds[value]}
            </option>
          ))}
        </SelectField>
        {fineKind !== 'none' && <TextField label={text.setup.fineAmount} inputMode="decimal" value={fineAmount} onChange={(event) => setFineAmount(event.target.value)} />}
        {fineKind !== 'none' && <TextField label={text.setup.fineCap} inputMode="decimal" value={fineCap} onChange={(event) => setFineCap(event.target.value)} />}
      </div>
      {error && (
        <p className="alert alert-error" role="alert">
          {say(error)}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={busy || !online} title={online ? undefined : text.setup.offline}>
        {structure ? text.setup.update : text.setup.create}
      </button>
    </form>
  );
}

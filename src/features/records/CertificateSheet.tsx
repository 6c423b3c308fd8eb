/**
 * One certificate as an A4 page, from the frozen print data of its register row only (school,
 * serial, issue date, student particulars with the masked Aadhaar, the kind's details, signature
 * lines): nothing is read from the mirror's current records, so a reprint, also offline, is the
 * same page as the first print. Pure: PrintData in, markup out.
 */
import type { TextsIn } from '../../i18n';
import { academicYearLabel, academicYearOf } from '../../../contract/admission';
import type { PrintData } from '../../../contract/certificate';
import { messages } from '../../../contract/messages';
import { shortDate } from '../../ui/dates';
import { recordsTexts } from './texts';
import { classLabel } from '../../../contract/class-label';

/** The sheet's words, in the school's print language (src/kit/print-texts.ts). */
type SheetTexts = TextsIn['t']['records']['sheet'];

/**
 * Dates as the certificate writes them, in words: 1 July 2025 (src/ui/dates.ts). The printed page
 * keeps the spec's one date format (numeric day, full month name, numeric year; docs/decisions.md
 * "One date format"); the screens around it write 01/07/2025.
 */
export function printDate(iso: string | null | undefined, text: SheetTexts = recordsTexts.sheet): string {
  return shortDate(iso) ?? text.notGiven;
}

function classOf(student: PrintData['student']): string | null {
  return classLabel(student.className, student.classSection) || null;
}

const shown = (value: string | null | undefined, text: SheetTexts) => (value && value.trim() !== '' ? value : text.notGiven);

function Particulars({ rows, text }: { rows: [label: string, value: string | null | undefined][]; text: SheetTexts }) {
  return (
    <table className="cert-particulars">
      <tbody>
        {rows.map(([label, value], index) => (
          <tr key={label}>
            <th scope="row">
              <span className="cert-index">{index + 1}.</span> {label}
            </th>
            <td>{shown(value, text)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function BonafideBody({ data, text }: { data: PrintData; text: SheetTexts }) {
  const field = text.field;
  const { student, details } = data;
  const className = classOf(student);
  const year = academicYearLabel(academicYearOf(data.issueDate));
  const parents =
    student.fatherName && student.motherName ? text.parents({ father: student.fatherName, mother: student.motherName }) : (student.fatherName ?? student.motherName ?? '');
  return (
    <div className="cert-text">
      <p>
        {text.certify} <strong className="cert-name">{student.fullName}</strong>
        {parents ? `, ${text.childOf({ gender: student.gender ?? 'other', parents })},` : ''}{' '}
        {className ? text.studying({ className, academicYear: year }) : text.studyingNoClass({ academicYear: year })}
      </p>
      {student.admissionId && <p>{student.admissionDate ? text.admitted({ number: student.admissionId, date: printDate(student.admissionDate, text) }) : text.admittedNoDate({ number: student.admissionId })}</p>}
      {student.dateOfBirth && <p>{text.born({ date: printDate(student.dateOfBirth, text) })}</p>}
      <p>{details.purpose ? text.purpose({ purpose: details.purpose }) : text.onRequest}</p>
      <Particulars
        text={text}
        rows={[
          [field.aadhaar, student.aadhaarMasked],
          [field.apaarId, student.apaarId],
        ]}
      />
    </div>
  );
}

function TransferBody({ data, text }: { data: PrintData; text: SheetTexts }) {
  const field = text.field;
  const { student, details } = data;
  return (
    <div className="cert-text">
      <Particulars
        text={text}
        rows={[
          [field.name, student.fullName],
          [field.fatherName, student.fatherName],
          [field.motherName, student.motherName],
          [field.dateOfBirth, student.dateOfBirth ? printDate(student.dateOfBirth, text) : null],
          [field.gender, student.gender],
          [field.admissionId, student.admissionId],
          [field.admissionDate, student.admissionDate ? printDate(student.admissionDate, text) : null],
          [field.classLastStudied, classOf(student)],
          [field.leavingDate, details.leavingDate ? printDate(details.leavingDate, text) : null],
          [field.reasonForLeaving, details.reasonForLeaving],
          [field.conduct, details.conduct],
          [field.promotion, details.promotion],
          [field.aadhaar, student.aadhaarMasked],
          [field.apaarId, student.apaarId],
          [field.remarks, details.remarks],
        ]}
      />
      <p>{text.tcCertify}</p>
    </div>
  );
}

function DetailsBody({ data, text }: { data: PrintData; text: SheetTexts }) {
  const field = text.field;
  const { student } = data;
  return (
    <div className="cert-text">
      <Particulars
        text={text}
        rows={[
          [field.name, student.fullName],
          [field.admissionId, student.admissionId],
          [field.admissionDate, student.admissionDate ? printDate(student.admissionDate, text) : null],
          [field.class, classOf(student)],
          [field.rollNumber, student.rollNumber],
          [field.dateOfBirth, student.dateOfBirth ? printDate(student.dateOfBirth, text) : null],
          [field.gender, student.gender],
          [field.fatherName, student.fatherName],
          [field.motherName, student.motherName],
          [field.address, student.address],
          [field.phoneNumber, student.phoneNumber],
          [field.emailId, student.emailId],
          [field.aadhaar, student.aadhaarMasked],
          [field.apaarId, student.apaarId],
        ]}
      />
      <p>{text.detailsCertify}</p>
    </div>
  );
}

/** `print`: the texts of the school's print language. */
export function CertificateSheet({ data, print }: { data: PrintData; print: TextsIn }) {
  const text = print.t.records.sheet;
  const { school } = data;
  // The title frozen at issue (the school's wording then); older rows without one use today's. The
  // spec's own wording prints in the print language, a school's own as typed.
  const standard = messages.certificates.titles[data.kind];
  const title = !data.title || data.title === standard ? (print.lookup(`certificates.titles.${data.kind}`) ?? standard) : data.title;
  const contact = [school.phoneNumber ? `${text.phone}: ${school.phoneNumber}` : null, school.email ? `${text.email}: ${school.email}` : null]
    .filter(Boolean)
    .join(' · ');
  return (
    <article className="cert-sheet" lang={print.language} data-kind={data.kind} aria-label={title}>
      <header className="cert-school">
        <p className="cert-school-name">{school.schoolName}</p>
        {school.address && <p className="cert-school-line">{school.address}</p>}
        {contact && <p className="cert-school-line">{contact}</p>}
        <p className="cert-school-line">
          {text.schoolId}: {school.schoolId}
        </p>
      </header>
      <div className="cert-meta">
        <p>
          {text.serial} <strong className="cert-serial">{data.serial}</strong>
        </p>
        <p>
          {text.date} <strong className="cert-date">{printDate(data.issueDate, text)}</strong>
        </p>
      </div>
      <h2 className="cert-title">{title}</h2>
      {data.kind === 'bonafide' && <BonafideBody data={data} text={text} />}
      {data.kind === 'transfer' && <TransferBody data={data} text={text} />}
      {data.kind === 'studentDetails' && <DetailsBody data={data} text={text} />}
      <footer className="cert-signatures">
        <div className="cert-signature">
          <span className="cert-signature-line" aria-hidden="true" />
          <span>{text.signatures.preparedBy}</span>
          <span className="cert-signature-name">{data.issuedBy}</span>
        </div>
        <div className="cert-signature">
          <span className="cert-signature-line" aria-hidden="true" />
          <span>{text.signatures.classTeacher}</span>
        </div>
        <div className="cert-signature">
          <span className="cert-signature-line" aria-hidden="true" />
          <span>{text.signatures.principal}</span>
        </div>
      </footer>
    </article>
  );
}

/** The terms of service of Kaksha (English). */
import { effectiveDate, type PolicyDocument } from './policy-types';

export const termsOfService: PolicyDocument = {
  title: 'Terms of service',
  effectiveDate,
  intro: [
    'These terms govern the use of Kaksha, an offline-first school management service, by schools and by the administrators, teachers, students and parents whom a school lets use it. By registering or signing in you agree to them. A school’s own agreement with Kaksha takes precedence where it says something different.',
  ],
  sections: [
    {
      id: 'service',
      heading: 'The service',
      paragraphs: [
        'Kaksha lets a school keep admissions, student and teacher records, classes and subjects, attendance, homework, notifications, fees, events, timetables, exams and report cards, and lets students and parents see their own share of them. It runs in the browser, can be installed as an app, and keeps working without a connection.',
      ],
    },
    {
      id: 'accounts',
      heading: 'Accounts and roles',
      list: [
        'You sign in to one school at a time with your e-mail address and password. An account belongs to one person; do not share it.',
        'Anyone may register as a student, parent, teacher or administrator, but the school decides who gets in: an account is active at once only when the school already holds that e-mail address on the matching record, and otherwise waits for an administrator’s approval.',
        'Administrators and teachers manage the school’s records; students see their own; parents see their children’s.',
        'Keep your password to yourself and use a strong one. If you think someone else knows it, change it in Settings or reset it from the sign-in page; that signs your account out everywhere else.',
      ],
    },
    {
      id: 'school-duties',
      heading: 'What the school is responsible for',
      list: [
        'Having the right to record the data it puts into Kaksha, including any consent of parents or guardians the law requires.',
        'Keeping its records accurate and deciding who may use its school on Kaksha.',
        'Deleting accounts and data when asked to, as its administrators can do in Kaksha.',
      ],
    },
    {
      id: 'use',
      heading: 'Acceptable use',
      paragraphs: ['You agree not to:'],
      list: [
        'look at, or try to reach, records your role does not allow, or another school’s data;',
        'upload unlawful content or content that infringes someone else’s rights;',
        'interfere with the service, probe it for weaknesses without our written permission, or send automated traffic that overloads it;',
        'copy or resell the service.',
      ],
      after: ['We may suspend an account that breaks these rules and will tell the school why.'],
    },
    {
      id: 'offline',
      heading: 'Working offline',
      paragraphs: [
        'Changes you make without a connection are saved on your device and sent to the school’s server when it can be reached. The server’s record is the official one: when two people change the same record, the server decides which version stands and keeps the other in the record’s history. Until your changes are sent, they exist only on your device, so do not clear the app’s data while changes are waiting.',
        'Signing out removes your sign-in from the device; see the privacy policy for what stays on the device and how to remove it.',
      ],
    },
    {
      id: 'trial',
      heading: 'Free trial and fees',
      paragraphs: [
        'A new school can use Kaksha free for 30 days, without giving a credit card. After the trial, the school’s use is subject to the plan and fees it agrees with us. We will tell schools at least 30 days in advance of any change to their fees.',
      ],
    },
    {
      id: 'ownership',
      heading: 'Your data',
      paragraphs: [
        'The school owns the records it keeps in Kaksha. We use them only to provide the service to that school, as the privacy policy describes. We own the Kaksha software and brand; these terms do not give you rights to them beyond using the service.',
      ],
    },
    {
      id: 'availability',
      heading: 'Availability',
      paragraphs: [
        'We work to keep Kaksha available at all times but cannot promise that it will never be interrupted. When the server cannot be reached, the app says so and keeps working with what is on your device.',
      ],
    },
    {
      id: 'deletion',
      heading: 'Deleting an account',
      paragraphs: [
        'Accounts are deleted by the school administrator, not from the app. Use the “Delete account” link on the home page or in Settings to see how to reach your administrator. A school may stop using Kaksha at any time; its data is then deleted or handed back as agreed with it.',
      ],
    },
    {
      id: 'liability',
      heading: 'Disclaimers and liability',
      paragraphs: [
        'Kaksha is provided as it is. To the extent the law allows, we are not liable for indirect or consequential losses, and our total liability to a school is limited to the fees it paid us in the twelve months before the claim. Nothing in these terms limits liability that cannot be limited by law.',
      ],
    },
    {
      id: 'law',
      heading: 'Law and disputes',
      paragraphs: ['These terms are governed by the laws of India. The courts of Bengaluru, Karnataka have jurisdiction over any dispute about them.'],
    },
    {
      id: 'changes',
      heading: 'Changes to these terms',
      paragraphs: [
        'We may update these terms. The new version is published here with its effective date; if a change is significant, we tell schools at least 30 days before it takes effect.',
      ],
    },
  ],
};

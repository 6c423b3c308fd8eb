/**
 * Every text of the public site in English. Another language adds a file of the same shape
 * (`LandingTexts`) and one line in ./index.ts; English stays the fallback (spec section 9).
 * The spec's own strings (contact errors) are not here: they live in contract/messages.ts.
 *
 * The three testimonials are sample quotes written for the launch layout. Replace them with real
 * quotes, given with the school's written consent, before the site goes live.
 */
export const en = {
  languageName: 'English',
  meta: {
    title: 'Kaksha · School management that keeps working offline',
    description:
      'Kaksha runs admissions, attendance, homework, fees, timetables, exams and report cards for your school, and keeps working when the internet does not. 30-day free trial, no credit card.',
  },
  skipToContent: 'Skip to content',
  nav: {
    label: 'Main',
    homeLabel: 'Kaksha home',
    features: 'Features',
    benefits: 'Benefits',
    about: 'About',
    contact: 'Contact',
    testimonials: 'Testimonials',
    faq: 'FAQ',
    chooseSchool: 'Find your school',
    signIn: 'Sign in',
    getStarted: 'Get started',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    menuTitle: 'Menu',
    language: 'Language',
    languageButton: (name: string) => `Language: ${name}`,
  },
  hero: {
    eyebrow: 'Offline-first school management',
    title: 'Run your school even when the internet does not',
    lead:
      'Kaksha keeps admissions, attendance, homework, fees, timetables and report cards on every teacher’s device. Work goes on through power cuts and patchy networks, and everything reaches the office on its own once the connection is back.',
    primary: 'Start your 30-day free trial',
    secondary: 'Sign in to your school',
    points: ['30-day free trial', 'No credit card required', '60% less admin work'],
    illustrationAlt:
      'A teacher’s phone showing today’s attendance for class VI B, saved on the device while offline, next to a laptop with the school dashboard.',
  },
  features: {
    eyebrow: 'Features',
    title: 'Everything the school office does, in one place',
    lead: 'Eight modules that share one student record, so nobody types the same name twice.',
    items: [
      {
        icon: 'students',
        title: 'Student management',
        text: 'Admissions, student profiles, roll numbers, Aadhaar and APAAR ids, bonafide and transfer certificates, and bulk import from the Excel sheets you already keep.',
      },
      {
        icon: 'planning',
        title: 'Academic planning',
        text: 'Classes and sections, subjects mapped to classes, homework with due dates, exams and report cards that fill themselves from the marks teachers enter.',
      },
      {
        icon: 'schedule',
        title: 'Smart scheduling',
        text: 'Build the timetable once per class and week; events and holidays appear on every student’s and teacher’s calendar.',
      },
      {
        icon: 'communication',
        title: 'Communication hub',
        text: 'Notices and push notifications to a class, a section or the whole school, so parents hear about the exam schedule from you and not from a forwarded message.',
      },
      {
        icon: 'analytics',
        title: 'Analytics and reports',
        text: 'Attendance trends, fee dues and exam results per class at a glance, ready to print or export for the management committee.',
      },
      {
        icon: 'secure',
        title: 'Secure and compliant data',
        text: 'Every school’s data is kept apart, each person sees only what their role allows, and passwords are stored as strong one-way hashes.',
      },
      {
        icon: 'attendance',
        title: 'Attendance tracking',
        text: 'Mark a class of forty in under a minute, offline or online. Teacher attendance and monthly registers come from the same taps.',
      },
      {
        icon: 'mobile',
        title: 'Mobile ready',
        text: 'Install Kaksha from the browser or the app store. It runs on the low-cost Android phones teachers and parents already carry.',
      },
    ],
  },
  benefits: {
    eyebrow: 'Benefits',
    title: 'Made for everyone in the school',
    lead: 'The same records, seen from three sides.',
    tabsLabel: 'Benefits for',
    tabs: [
      {
        id: 'schools',
        label: 'Schools',
        heading: 'For school leaders and the office',
        items: [
          'Cut routine admin work by up to 60%: registers, fee receipts and certificates are filled in from records you already have.',
          'See attendance, fee collection and results for every class on one dashboard.',
          'Stop losing a day’s work to a dropped connection: Kaksha saves on the device first and syncs later.',
          'Bring in existing student lists from Excel (.xlsx and .xls) instead of typing them again.',
          'Approve who may sign in: every new account waits for an administrator unless the school already knows its e-mail.',
          'Start with a 30-day free trial; no credit card needed.',
        ],
      },
      {
        id: 'teachers',
        label: 'Teachers',
        heading: 'For teachers',
        items: [
          'Take attendance in the classroom on your phone, with or without signal.',
          'Set homework for a class in a few taps and see it reach every student.',
          'Your timetable, events and exam schedule in one place, always up to date.',
          'Enter marks once; report cards are built from them automatically.',
          'Edits made offline are kept and sent in order, so nothing is marked twice or lost.',
          'Less paperwork at the end of the month: registers are ready when you are.',
        ],
      },
      {
        id: 'students',
        label: 'Students',
        heading: 'For students and parents',
        items: [
          'Homework, timetable and exam dates on your own phone.',
          'Check attendance and results whenever you want, without waiting for the diary.',
          'Notices from school arrive as notifications, not as rumours.',
          'Fee receipts are always at hand, with their full details.',
          'Parents with more than one child see each child from one account.',
          'What you have opened once stays readable on the bus ride home, offline.',
        ],
      },
    ],
  },
  howItWorks: {
    eyebrow: 'How it works',
    title: 'From first call to first attendance in a week',
    steps: [
      {
        title: 'Tell us about your school',
        text: 'Fill in the contact form below. We call you back within one working day to understand your classes, fees and reports.',
      },
      {
        title: 'We set up your school',
        text: 'We create your school on Kaksha and import your student and teacher lists from the sheets you already keep.',
      },
      {
        title: 'Invite your staff and families',
        text: 'Teachers, students and parents choose your school and register; you approve them with one tap.',
      },
      {
        title: 'Run your school, online or offline',
        text: 'Attendance, homework and fees from day one. Kaksha syncs whenever the network allows, on its own.',
      },
    ],
  },
  about: {
    eyebrow: 'About Kaksha',
    title: 'Built for schools where the network drops',
    paragraphs: [
      'Kaksha means classroom. We started it after watching teachers re-enter a whole morning of attendance because the school’s connection had dropped halfway through.',
      'So Kaksha is built offline-first: every screen reads and writes a copy on the device, and a sync engine sends each change to the school’s server exactly once when it can. A teacher never waits for a spinner to mark a student present.',
      'Each school is its own tenant with its own records, and everyone sees only what their role allows: administrators and teachers the school’s records, students their own, parents their children’s.',
    ],
    stats: [
      { value: '60%', label: 'less time on routine admin work' },
      { value: '30 days', label: 'free trial, no credit card' },
      { value: '4 roles', label: 'administrator, teacher, student and parent, each with their own view' },
    ],
    illustrationAlt:
      'A school building with a cloud above it; arrows show records moving between the school and the cloud when the connection returns.',
  },
  contact: {
    eyebrow: 'Contact',
    title: 'Book a demo for your school',
    lead: 'Tell us a little about your school. We reply within one working day, and the 30-day free trial needs no credit card.',
    fullName: 'Full name',
    email: 'Email',
    phone: 'Phone',
    institute: 'School or institute',
    message: 'Message',
    optional: 'optional',
    phoneHint: 'With country code if outside India.',
    messagePlaceholder: 'Number of students, boards, what you use today...',
    submit: 'Request a demo',
    submitting: 'Sending...',
    loadingMessage: 'Sending your request to the Kaksha team...',
    successTitle: 'Thank you! We have your request.',
    successBody: 'Someone from the Kaksha team will call or e-mail you within one working day.',
    sendAnother: 'Send another request',
    privacyNote: 'We use these details only to contact you about Kaksha.',
    privacyLink: 'Privacy policy',
    direct: 'Prefer to talk now?',
  },
  faq: {
    eyebrow: 'FAQ',
    title: 'Questions schools ask us',
    items: [
      {
        question: 'Does Kaksha really work without the internet?',
        answer:
          'Yes. After a person signs in once on a device, their screens work from a copy kept on that device. Attendance, homework and other changes made offline are saved at once and sent to the school’s server, in order and exactly once, when the connection returns.',
      },
      {
        question: 'What happens if two teachers change the same record offline?',
        answer:
          'The school’s server decides. Both changes reach it; where they clash, the server keeps one version, the other is kept in the record’s history, and the teacher whose change was not kept sees a note about it.',
      },
      {
        question: 'How does the free trial work?',
        answer:
          'You get 30 days with every feature, and we do not ask for a credit card. At the end of the trial you choose a plan, or simply stop.',
      },
      {
        question: 'Can we bring in the student lists we already have?',
        answer:
          'Yes. Upload your existing Excel sheets (.xlsx or .xls) for classes and students; Kaksha checks each row and tells you exactly which ones need fixing.',
      },
      {
        question: 'Who can see our students’ data?',
        answer:
          'Only people of your own school, and only what their role allows: administrators and teachers see the school’s records, students their own, parents their children’s. No other school can see anything of yours.',
      },
      {
        question: 'How is an account deleted?',
        answer:
          'Your school administrator deletes accounts and their data. Use the delete-account link at the bottom of this page: sign in, and Kaksha shows you how to reach your administrator.',
      },
    ],
  },
  testimonials: {
    eyebrow: 'Testimonials',
    title: 'What schools say',
    previous: 'Previous testimonial',
    next: 'Next testimonial',
    goTo: (n: number, total: number) => `Show testimonial ${n} of ${total}`,
    position: (n: number, total: number) => `Testimonial ${n} of ${total}`,
    rating: (stars: number) => `Rated ${stars} out of 5`,
    items: [
      {
        id: 't1',
        name: 'Sunita Rao',
        role: 'Principal',
        institution: 'Sample Vidya Mandir, Mysuru',
        quote:
          'Our office used to spend the first week of every month on registers and fee receipts. With Kaksha the registers are simply there, and the trial cost us nothing to try.',
        avatar: 'avatar-1',
        rating: 5,
      },
      {
        id: 't2',
        name: 'Imran Qureshi',
        role: 'Mathematics teacher',
        institution: 'Sample Public School, Lucknow',
        quote:
          'The network on our second floor is hopeless. I mark attendance there anyway, and by the time I reach the staff room it has gone through.',
        avatar: 'avatar-2',
        rating: 5,
      },
      {
        id: 't3',
        name: 'Priya Menon',
        role: 'Parent of two',
        institution: 'Sample English School, Kochi',
        quote:
          'I see both my children’s homework and attendance from one account. I no longer hear about a test the evening before it.',
        avatar: 'avatar-3',
        rating: 4,
      },
    ],
  },
  footer: {
    tagline: 'Offline-first school management for admissions, attendance, homework, fees and results.',
    product: 'Product',
    company: 'Company',
    contact: 'Contact',
    links: {
      features: 'Features',
      benefits: 'Benefits',
      howItWorks: 'How it works',
      faq: 'FAQ',
      about: 'About',
      careers: 'Careers',
      home: 'Home',
      contact: 'Contact us',
    },
    address: 'Address',
    mapLabel: (address: string) => `${address} (open in a map)`,
    phone: 'Phone',
    email: 'Email',
    getApp: 'Get the app',
    appStore: 'Get Kaksha on Google Play',
    demoVideo: 'Watch the 3-minute demo video',
    follow: 'Follow Kaksha',
    privacy: 'Privacy policy',
    terms: 'Terms of service',
    deleteAccount: 'Delete account',
    legal: 'Legal',
    copyright: (year: number) => `© ${year} Kaksha. All rights reserved.`,
    newTab: '(opens in a new tab)',
  },
};

export type LandingTexts = typeof en;
export type FeatureIcon = (typeof en.features.items)[number]['icon'];

import type { PageSlug } from '~/db/schema/enums';

/**
 * The pages' words until an editor changes them: placeholder copy written for this site
 * (docs/product.md#decisions-we-build-on), used by the first-start seed and whenever a page has
 * not been saved yet. Editors replace all of it in the content area.
 */
export type AboutData = { intro: string; mission: string; vision: string; values: { title: string; text: string }[]; objectives: string[] };
export type HistoryData = { intro: string };
export type AnthemData = { intro: string; verses: string[][]; chorus: string[]; note: string; audioMediaId: string | null };

export const defaultAbout: AboutData = {
  intro: 'The home of past pupils who have made their lives across the continent.',
  mission: 'To unite the school’s past pupils in North America in friendship and service, and to support the school’s students and staff through the projects our members choose together.',
  vision: 'A lifelong community in which every past pupil stays connected to the school, and every student who walks through its gates has the chance to flourish.',
  values: [
    { title: 'Community', text: 'We welcome every past pupil, whatever their year, and look after one another far from home.' },
    { title: 'Excellence', text: 'We carry the school’s high standards into everything we organise and support.' },
    { title: 'Education', text: 'We invest in students through scholarships, mentoring and better facilities.' },
    { title: 'Service', text: 'We give our time and skills generously, as the school taught us to.' },
  ],
  objectives: [
    'Foster fellowship among past pupils living in Canada and the United States.',
    'Support the school’s students through scholarships and prizes.',
    'Fund the school’s medical unit and improve its sick-room facilities.',
    'Help the school bring its events to alumni worldwide through the IPTV project.',
    'Mentor young past pupils starting their studies or careers in North America.',
    'Work with the Sri Lanka and United Kingdom branches on shared projects.',
    'Preserve and celebrate the school’s history, traditions and anthem.',
    'Manage the association’s funds openly, with audited accounts every year.',
  ],
};

export const defaultHistory: HistoryData = { intro: 'Seventy-five years of learning, faith and friendship, in five milestones.' };

export const defaultAnthem: AnthemData = {
  intro: 'Sung at every assembly, prize-giving and reunion, in the school and wherever past pupils meet.',
  verses: [
    ['Beside the waters, blue and wide,', 'Our school stands tall with open door;', 'We gather here in hope and pride,', 'To learn, to serve, to strive for more.'],
    ['Through morning light and evening bell,', 'Our teachers guide us on our way;', 'In every lesson learned so well,', 'We find the strength to face the day.'],
    ['Though far across the seas we roam,', 'To distant lands and cities new,', 'Our hearts still turn towards our home,', 'And to the friends we always knew.'],
  ],
  chorus: ['So raise the gold, so raise the blue,', 'Let every voice in chorus ring;', 'To God, our school and comrades true,', 'With thankful hearts we ever sing.'],
  note: 'These words are sample text for this website. The committee will replace them with the school’s official anthem.',
  audioMediaId: null,
};

const draftNotice = '<p><em>This page is a starting point written for this website; the committee will replace it with the association’s own text.</em></p>';

export const defaultLegalPages: Record<Extract<PageSlug, 'privacy-policy' | 'terms-of-service' | 'cookie-policy'>, { title: string; body: string }> = {
  'privacy-policy': {
    title: 'Privacy Policy',
    body:
      draftNotice +
      '<h2>What we keep</h2><p>Your name and email address when you create an account; what you tell us when you apply for membership or give (address, telephone, school years); your payments’ amounts and dates. Card details never reach us: Stripe handles them.</p>' +
      '<h2>Why</h2><p>To run your membership, send receipts and the association’s news you asked for, and keep the accounts the law requires.</p>' +
      '<h2>Who sees it</h2><p>The committee members who need it for their role. We never sell it or share it with anyone else.</p>' +
      '<h2>Your choices</h2><p>Write to us to see, correct or delete what we hold about you. Records of payments are kept, without your name, for the years the law requires.</p>',
  },
  'terms-of-service': {
    title: 'Terms of Service',
    body:
      draftNotice +
      '<h2>Membership</h2><p>Membership is open to past pupils of the school. An application is accepted once the committee approves it; the fee of a rejected application is refunded.</p>' +
      '<h2>Payments</h2><p>Membership fees and donations are collected by Stripe on the association’s behalf. Monthly and annual contributions renew until you cancel them, which you can do at any time from your portal.</p>' +
      '<h2>Using the site</h2><p>Please keep your password to yourself and tell us if you think someone else has used your account.</p>',
  },
  'cookie-policy': {
    title: 'Cookie Policy',
    body:
      draftNotice +
      '<h2>The cookies we set</h2><p>Only those the site needs to work: one that keeps you signed in, one that carries a short message from one page to the next, and one that remembers an application in progress for an hour. None of them tracks you.</p>' +
      '<h2>Other sites</h2><p>The home page can show our Facebook page, which may set Facebook’s own cookies when it loads.</p>',
  },
};

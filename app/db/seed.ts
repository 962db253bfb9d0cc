import { isoDayAfter, zonedTimeToInstant } from '~/lib/dates';
import type { Database, Executor } from './client.server';
import { insertCommitteeTerm, insertDocument, insertEvent, sampleSiteSettings } from './content-rows';
import { samplePdf } from './sample-pdf';
import { historyMilestones, news, siteSettings } from './schema/content';

/**
 * First-start sample content (docs/product.md#decisions-we-build-on): plausible placeholder text that shows every state
 * of every public page. Runs once: a database that has site settings is left alone.
 */
export async function seedSampleContent(database: Database, options: { now?: Date } = {}): Promise<{ seeded: boolean }> {
  const now = options.now ?? new Date();
  return database.transaction(async (tx) => {
    const existing = await tx.select({ id: siteSettings.id }).from(siteSettings).limit(1);
    if (existing.length > 0) return { seeded: false };

    await tx.insert(siteSettings).values(sampleSiteSettings);
    await seedNews(tx, now);
    await seedCommittees(tx);
    await seedEvents(tx, now);
    await seedDocuments(tx, now);
    await tx.insert(historyMilestones).values(milestones.map((milestone, index) => ({ ...milestone, sortOrder: index })));
    return { seeded: true };
  });
}

// Placeholder milestones, replaced by the committee with the school's own record in the content area.
const milestones = [
  { year: 1948, title: 'A school is founded', text: 'The school opens its doors with a handful of teachers and a few dozen pupils in a borrowed church hall.' },
  { year: 1965, title: 'A campus of its own', text: 'The school moves to its present grounds, with a new main hall, science rooms and a playing field.' },
  { year: 1980, title: 'Growing in every direction', text: 'Enrolment passes one thousand; the library, the music department and the first computer room are added.' },
  { year: 2000, title: 'Past pupils abroad organise', text: 'Alumni who have settled overseas form chapters to stay in touch and support the school from afar.' },
  { year: 2023, title: 'A new chapter in North America', text: 'Past pupils in Canada and the United States launch online membership and fund the IPTV project.' },
];

const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000);

async function seedNews(database: Executor, now: Date) {
  await database.insert(news).values({
    title: 'Record Turnout at Our 2026 Annual General Meeting',
    // Its address, /news/{slug}, as the content area makes it from the title (features/content/slugs.ts).
    slug: 'record-turnout-at-our-2026-annual-general-meeting',
    excerpt: 'More than 180 past pupils from across Canada and the United States gathered in Toronto to elect the 2024/2026 committee mid-term team and set priorities for the year ahead.',
    content: [
      'Our Annual General Meeting brought together more than 180 past pupils, families and friends from across North America. Members travelled from Vancouver, Calgary, Montreal, New Jersey and as far as Houston to take part.',
      'The President presented the annual report, highlighting the scholarship fund, our continued support for the school’s medical unit and the launch of the IPTV project that will let alumni follow school events live.',
      'The Treasurer’s audited accounts were adopted unanimously. Members also approved an amendment to the constitution that allows online voting for members who cannot attend in person.',
      'Thank you to everyone who came, volunteered and shared memories. Minutes of the meeting are available to members in the Members Portal.',
    ]
      .map((paragraph) => `<p>${paragraph}</p>`)
      .join(''),
    category: 'Announcements',
    author: 'General Secretary',
    publishedAt: daysAgo(now, 12),
    featured: true,
    imageUrl: '/images/news/agm.svg',
    coverAlt: 'Members filling a hall for the annual general meeting',
  });
  await database.insert(news).values({
    title: 'Scholarship Fund Reaches a New Milestone',
    slug: 'scholarship-fund-reaches-a-new-milestone',
    excerpt: 'Thanks to the generosity of our members, twelve deserving students at the school will receive full-year scholarships this term.',
    content: [
      'The North America chapter’s scholarship fund has grown steadily since it was created, and this year it will support twelve students through their Advanced Level studies.',
      'Scholarships are awarded by a panel of teachers and alumni on the basis of merit and need. Recipients receive help with fees, books and travel.',
      'Every donation to the General Fund helps. If you would like to sponsor a student directly, please contact the Treasurer.',
    ]
      .map((paragraph) => `<p>${paragraph}</p>`)
      .join(''),
    category: 'Community',
    author: 'Treasurer',
    publishedAt: daysAgo(now, 30),
    imageUrl: '/images/news/scholarship.svg',
    coverAlt: 'Students in school uniform holding their scholarship certificates',
  });
  await database.insert(news).values({
    title: 'From the Classroom to the Operating Theatre: An Alumna’s Story',
    slug: 'from-the-classroom-to-the-operating-theatre-an-alumna-s-story',
    excerpt: 'Dr. Anjali Fernando (Class of 1996) reflects on the teachers who shaped her and why she mentors young doctors today.',
    content: [
      'When Dr. Anjali Fernando walked through the school gates for the first time, she never imagined she would one day lead a cardiac surgery team in Boston.',
      '“It was our biology teacher who first told me I could do it,” she says. “She stayed after class every day for a year to help a handful of us prepare for the exams.”',
      'Today Dr. Fernando mentors junior doctors and volunteers with the association’s medical fund, which supplies equipment to the school’s sick room.',
    ]
      .map((paragraph) => `<p>${paragraph}</p>`)
      .join(''),
    category: 'Alumni Stories',
    author: 'Editor',
    publishedAt: daysAgo(now, 45),
    imageUrl: null,
    coverAlt: null,
  });
  await database.insert(news).values({
    title: 'School Celebrates a New Science Laboratory',
    slug: 'school-celebrates-a-new-science-laboratory',
    excerpt: 'The school has opened a modern science laboratory, funded in part by past pupils’ associations around the world.',
    content: [
      'The new laboratory seats forty students and is equipped for physics, chemistry and biology practicals.',
      'Our chapter contributed towards the fume cupboards and safety equipment, alongside the Sri Lanka and United Kingdom branches.',
      'The Principal thanked past pupils for their continued support and invited alumni to visit on their next trip home.',
    ]
      .map((paragraph) => `<p>${paragraph}</p>`)
      .join(''),
    category: 'School News',
    author: 'Editorial Team',
    publishedAt: daysAgo(now, 70),
    imageUrl: '/images/news/school.svg',
    coverAlt: 'The school’s new science laboratory',
  });
  await database.insert(news).values({
    title: 'Volunteers Wanted for the Gala Organising Committee',
    slug: 'volunteers-wanted-for-the-gala-organising-committee',
    excerpt: 'Help us plan the most memorable Gala Night yet. We are looking for volunteers for decorations, programme and sponsorship.',
    content: [
      'The Gala Night is our largest gathering of the year, and it takes many hands to make it a success.',
      'If you can give a few hours a month between now and the event, please write to the General Secretary.',
    ]
      .map((paragraph) => `<p>${paragraph}</p>`)
      .join(''),
    category: 'Events',
    author: 'General Secretary',
    publishedAt: daysAgo(now, 5),
    imageUrl: '/images/news/volunteers.svg',
    coverAlt: 'Volunteers planning the gala around a table',
  });
}

const committeeRoles = [
  'President',
  'Vice President',
  'General Secretary',
  'Assistant Secretary',
  'Treasurer',
  'Assistant Treasurer',
  'Editor',
  'Internal Auditor',
  'Committee Member-1',
  'Committee Member-2',
  'Committee Member-3',
] as const;

async function seedCommittees(database: Executor) {
  const current: [string, string | null][] = [
    ['Rohan Perera', 'Class of 1988. Chartered accountant in Toronto; has served the association for over a decade.'],
    ['Shanthi Wijesinghe', 'Class of 1992. Paediatric nurse and coordinator of the medical fund.'],
    ['Dilan Jayawardena', 'Class of 1999. Software engineer; keeps members informed and the minutes in order.'],
    ['Nadeesha Silva', null],
    ['Kumar Rajapaksa', 'Class of 1985. Retired banker who has looked after the association’s accounts since 2020.'],
    ['Priyanka de Mel', null],
    ['Tharindu Gunasekara', 'Class of 2005. Journalist; edits the newsletter and this website.'],
    ['Malini Abeysekera', 'Class of 1990. Auditor with a Big Four firm in New York.'],
    ['Chaminda Ratnayake', null],
    ['Ishara Fonseka', null],
    ['Ravi Kanagaratnam', null],
  ];
  await insertCommitteeTerm(
    database,
    { year: '2024/2026', startYear: 2024, isCurrent: true },
    current.map(([name, bio], index) => ({
      name,
      role: committeeRoles[index]!,
      bio,
      email: index < 5 ? `${name.split(' ')[0]!.toLowerCase()}@ppa-northamerica.example.org` : null,
      phone: index === 0 || index === 2 || index === 4 ? `+1 (416) 555-01${String(10 + index)}` : null,
    })),
  );

  const past: [string, string][] = [
    ['Anura Wickramasinghe', 'President'],
    ['Rohan Perera', 'Vice President'],
    ['Sunil Mendis', 'General Secretary'],
    ['Kumar Rajapaksa', 'Treasurer'],
    ['Dilrukshi Perera', 'Editor'],
    ['Mahesh Cooray', 'Internal Auditor'],
    ['Shanthi Wijesinghe', 'Committee Member-1'],
    ['Lalith Samarasinghe', 'Committee Member-2'],
  ];
  await insertCommitteeTerm(
    database,
    { year: '2022/2024', startYear: 2022 },
    past.map(([name, role]) => ({ name, role })),
  );
  await insertCommitteeTerm(
    database,
    { year: '2020/2022', startYear: 2020 },
    [
      ['Gamini Fernando', 'President'],
      ['Anura Wickramasinghe', 'Vice President'],
      ['Sunil Mendis', 'General Secretary'],
      ['Kumar Rajapaksa', 'Treasurer'],
      ['Mahesh Cooray', 'Internal Auditor'],
    ].map(([name, role]) => ({ name: name!, role: role! })),
  );
}

async function seedEvents(database: Executor, now: Date) {
  const zone = 'America/Toronto';
  const at = (days: number, time: string) => zonedTimeToInstant(isoDayAfter(now, days, zone), time, zone);

  await insertEvent(
    database,
    {
      title: 'Alumni Networking Mixer',
      description:
        '<p>An informal evening for past pupils working across North America to meet, share advice and make new connections. Light refreshments will be served. Registration is through our partner’s form so we can plan numbers.</p>',
      startsAt: at(18, '18:30'),
      timeZone: zone,
      venue: 'The Distillery Loft, 55 Mill Street, Toronto',
      venueMapLink: 'https://maps.google.com/?q=55+Mill+Street+Toronto',
      imageUrl: '/images/events/networking.svg',
      imageAlt: 'Past pupils talking in small groups at an evening reception',
      registrationKind: 'external',
      externalFormLink: 'https://forms.example.org/ppa-networking-mixer',
    },
    [{ name: 'Free Entry', priceCents: 0, quantityCap: 150 }],
  );
  await insertEvent(
    database,
    {
      title: "Founders' Day Celebration",
      description:
        '<p>Join us as we celebrate the founding of our school with a thanksgiving service, the school song, a slideshow of memories from every decade and a traditional Sri Lankan dinner. Entry to the celebration is free for all past pupils and families; the sit-down dinner needs a dinner pass.</p>',
      startsAt: at(40, '17:00'),
      timeZone: zone,
      venue: 'Scarborough Civic Centre, 150 Borough Drive, Toronto',
      venueMapLink: 'https://maps.google.com/?q=150+Borough+Drive+Toronto',
      imageUrl: '/images/events/founders-day.svg',
      imageAlt: 'The school crest above a celebration banner',
    },
    [
      { name: 'General Admission', priceCents: 0, quantityCap: 500 },
      { name: 'Dinner Pass', priceCents: 2500, quantityCap: 200 },
    ],
  );
  await insertEvent(
    database,
    {
      title: 'Annual Gala Night',
      description:
        '<p>Our signature evening of the year: a three-course dinner, live band, cultural performances by the younger generation and the presentation of this year’s scholarship awards. Dress: formal or national dress. Every ticket supports the school projects funded by the chapter.</p>',
      startsAt: at(75, '18:00'),
      timeZone: zone,
      venue: 'Grand Ballroom, Hilton Mississauga, 6750 Mississauga Road',
      venueMapLink: 'https://maps.google.com/?q=6750+Mississauga+Road',
      imageUrl: '/images/events/gala.svg',
      imageAlt: 'Round tables set for a formal dinner in a ballroom',
    },
    [
      { name: 'Standard', priceCents: 7500, quantityCap: 250 },
      { name: 'Couple', priceCents: 14000, quantityCap: 100 },
      { name: 'Student', priceCents: 4000, quantityCap: 40 },
      { name: 'VIP Table (10 seats)', priceCents: 90000, quantityCap: 6 },
    ],
  );
  await insertEvent(
    database,
    {
      title: 'Career Guidance Webinar for School Leavers',
      description:
        '<p>Alumni from engineering, medicine, law, finance and the arts answer questions from this year’s school leavers over video. Members are invited to join as panellists or listeners.</p>',
      startsAt: at(100, '10:00'),
      timeZone: zone,
      venue: 'Online (link sent after registration)',
      registrationKind: 'rsvp',
      venueMapLink: null,
      imageUrl: null,
    },
    [{ name: 'Panellist or Listener', priceCents: 0, quantityCap: 300 }],
  );
  await insertEvent(
    database,
    {
      title: 'Summer Cricket Encounter',
      description: '<p>Our friendly cricket match against the alumni of our traditional rival school, followed by a barbecue for players and supporters.</p>',
      startsAt: at(-110, '11:00'),
      timeZone: zone,
      venue: 'Ashtonbee Reservoir Park, Scarborough',
      venueMapLink: 'https://maps.google.com/?q=Ashtonbee+Reservoir+Park',
      imageUrl: '/images/events/cricket.svg',
      imageAlt: 'A batsman at the crease on a summer afternoon',
    },
    [
      { name: 'Spectator', priceCents: 0, quantityCap: 400 },
      { name: 'Barbecue Plate', priceCents: 1500, quantityCap: 150 },
    ],
  );
}

async function seedDocuments(database: Executor, now: Date) {
  const files: { title: string; type: string; visibility: 'public' | 'members'; fileName: string; daysAgo: number; text: string[] }[] = [
    {
      title: 'Constitution of the Association',
      type: 'constitution',
      visibility: 'public',
      fileName: 'constitution.pdf',
      daysAgo: 400,
      text: [
        'Sample text. This document stands in for the constitution adopted by the members; the committee replaces it with the official version.',
        'Article 1 - Name. The association shall be known by the name set by its members, North America chapter.',
        'Article 2 - Objects. To foster fellowship among past pupils resident in North America and to support the school, its students and its staff.',
        'Article 3 - Membership. Membership is open to every past pupil of the school. Annual and life memberships are offered at the rates set by the general meeting.',
        'Article 4 - Committee. The affairs of the association are managed by a committee elected at the annual general meeting for a term of two years.',
      ],
    },
    {
      title: 'Minutes of the Annual General Meeting 2026',
      type: 'minutes',
      visibility: 'members',
      fileName: 'agm-minutes-2026.pdf',
      daysAgo: 10,
      text: [
        'Sample minutes. Present: 183 members. The meeting was called to order by the President at 2:05 PM.',
        'The annual report and the audited accounts were adopted. An amendment permitting online voting was approved.',
      ],
    },
    {
      title: 'Treasurer’s Report 2025',
      type: 'report',
      visibility: 'members',
      fileName: 'treasurers-report-2025.pdf',
      daysAgo: 60,
      text: ['Sample report. Income, expenditure and the balance of the scholarship and medical funds for the year.'],
    },
  ];
  for (const file of files) {
    await insertDocument(
      database,
      { title: file.title, type: file.type, visibility: file.visibility, uploadDate: isoDayAfter(now, -file.daysAgo), fileName: file.fileName, mimeType: 'application/pdf' },
      await samplePdf(file.title, file.text),
    );
  }
}

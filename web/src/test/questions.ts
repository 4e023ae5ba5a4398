// What GET /api/config's `questions` holds in the tests: the shipped event file's four, and one asked of VIPs only.

const everyTicket = ['developer', 'vip', 'team'];

export const testQuestions = [
  {
    id: 'diet',
    label: 'Dietary needs',
    kind: 'choice',
    options: ['No preference', 'Vegetarian', 'Vegan', 'Gluten-free'],
    required: true,
    ticketTypes: everyTicket,
    help: 'We order lunch for five days.',
  },
  {
    id: 'tshirt',
    label: 'T-shirt size',
    kind: 'choice',
    options: ['XS', 'S', 'M', 'L', 'XL', 'XXL'],
    required: false,
    ticketTypes: everyTicket,
    help: null,
  },
  {
    id: 'accessibility',
    label: 'Accessibility needs',
    kind: 'long_text',
    options: [],
    required: false,
    ticketTypes: everyTicket,
    help: 'Shown to the door staff, so they can help.',
  },
  { id: 'company', label: 'Company', kind: 'text', options: [], required: false, ticketTypes: everyTicket, help: null },
  {
    id: 'vip-dinner',
    label: 'Joining the VIP dinner?',
    kind: 'yes_no',
    options: [],
    required: true,
    ticketTypes: ['vip'],
    help: null,
  },
];

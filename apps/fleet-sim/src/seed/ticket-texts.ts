/** What callers report and what support writes: the text of the seeded tickets. */

export interface Problem {
  description: string;
  circumstance: string;
  attemptedResolution: string;
  environment: string;
  componentsReplaced: string;
  other: string;
}

export const PROBLEMS: readonly Problem[] = [
  {
    description: 'Left camera pod intermittently loses sight of the front targets during compensation.',
    circumstance: 'Happens on the first alignment of the morning, clears up after about an hour.',
    attemptedResolution: 'Cleaned camera lenses, re-ran target calibration, checked pod cable seating.',
    environment: 'Unheated bay, about 5 °C in the morning; sunlight through the bay door.',
    componentsReplaced: 'None',
    other: 'Customer sent a photo of the error screen.',
  },
  {
    description: 'Rolling compensation fails on the rear axle with "target not found".',
    circumstance: 'Only on vehicles with low-profile tyres and large wheel clamps.',
    attemptedResolution: 'Swapped rear clamps left/right, verified target faces are clean.',
    environment: 'Four-post lift, runway at 1.2 m.',
    componentsReplaced: 'Rear left target',
    other: '',
  },
  {
    description: 'Aligner freezes when printing the customer report.',
    circumstance: 'Started after the shop replaced its printer.',
    attemptedResolution: 'Reinstalled printer driver from the setup menu, power-cycled printer and aligner.',
    environment: 'USB printer, no network printing.',
    componentsReplaced: 'Printer (customer-owned)',
    other: 'Printer model not on the compatibility list.',
  },
  {
    description: 'Unit does not connect to the cloud after the shop changed its router.',
    circumstance: 'Network settings show an address but cloud status stays offline.',
    attemptedResolution: 'Renewed DHCP lease, checked that outbound 443 is open, set DNS to 8.8.8.8.',
    environment: 'Shop network behind a new firewall appliance.',
    componentsReplaced: 'None',
    other: 'IT contact at the shop is available weekdays only.',
  },
  {
    description: 'Toe readings jump by 0.1° while adjusting the front axle.',
    circumstance: 'Readings settle when the technician steps away from the vehicle.',
    attemptedResolution: 'Checked lift level, re-mounted clamps, re-ran compensation.',
    environment: 'Scissor lift with worn turn plates.',
    componentsReplaced: 'Turn plates',
    other: '',
  },
  {
    description: 'Specs for current model-year vehicles are missing from vehicle selection.',
    circumstance: 'Customer looked for several 2025 models; none listed.',
    attemptedResolution: 'Checked specs version and expiration on the unit; triggered Check Cloud.',
    environment: 'Specs subscription renewed last month.',
    componentsReplaced: 'None',
    other: 'Customer asks for a credit if specs were not delivered.',
  },
  {
    description: 'Software update stuck at "Downloading" for two days.',
    circumstance: 'Staged update, progress bar stops at the same file every time.',
    attemptedResolution: 'Unstaged and restaged the update, restarted the updater.',
    environment: 'Shop on a metered 4G connection.',
    componentsReplaced: 'None',
    other: 'May need an offline USB update.',
  },
  {
    description: 'Touch screen does not respond in the lower right corner.',
    circumstance: 'Cannot press Next on several screens; keyboard works.',
    attemptedResolution: 'Ran screen calibration from the service menu.',
    environment: 'Cabinet next to the tyre changer, lots of dust.',
    componentsReplaced: 'Touch screen',
    other: '',
  },
  {
    description: 'Tru-Point scan reports tread depth of 0 mm on every tyre.',
    circumstance: 'Started after the unit was moved to another drive lane.',
    attemptedResolution: 'Re-levelled the unit, cleaned laser windows, ran self-test.',
    environment: 'Drive-over installation, wet floor.',
    componentsReplaced: 'None',
    other: 'Self-test log attached by the caller.',
  },
  {
    description: 'Camber reading differs by 0.5° between two consecutive measurements.',
    circumstance: 'Happens on heavy trucks only.',
    attemptedResolution: 'Verified runway level with a digital level, re-ran field calibration.',
    environment: 'Heavy-duty lift, 6 t capacity.',
    componentsReplaced: 'None',
    other: '',
  },
  {
    description: 'Unit reboots during the caster swing.',
    circumstance: 'Random, two or three times a day.',
    attemptedResolution: 'Checked mains voltage and UPS, collected voltages report.',
    environment: 'Shares a circuit with the compressor.',
    componentsReplaced: 'Power supply',
    other: 'Voltages report shows 12 V rail low.',
  },
  {
    description: 'ADAS target placement screen shows the wrong target for the vehicle.',
    circumstance: 'Vehicle selected correctly; target model differs from the service information.',
    attemptedResolution: 'Updated specs, cross-checked with the OEM procedure.',
    environment: 'Oasis cabinet with ADAS frame.',
    componentsReplaced: 'None',
    other: '',
  },
];

export const COMMENTS: readonly string[] = [
  'Called the shop back, left a voicemail.',
  'Remote session opened; collected logs and a screenshot.',
  'Asked the customer for the voltages report and a photo of the clamps.',
  'Reproduced on our bench unit with the same software version.',
  'Escalated to engineering with logs attached.',
  'Engineering suspects a cable issue; replacement shipped.',
  'Customer confirms the replacement part arrived.',
  'Staged the latest software; customer will install tonight.',
  'Customer reports the issue is gone after the update.',
  'Walked the technician through target calibration over the phone.',
  'Dealer tech scheduled an on-site visit for Thursday.',
  'No answer from the shop for a week.',
  'Logs show repeated camera timeouts around 07:00 local time.',
  'Closing: resolved after component replacement.',
  'Closing: customer did not respond after three attempts.',
];

export const CALLERS: readonly { name: string; email: string }[] = [
  { name: 'Mike Alvarez', email: 'mike@alvareztire.example' },
  { name: 'Sandra Kim', email: 'service@kimautocare.example' },
  { name: 'Tom Becker', email: 'tom.becker@becker-kfz.example' },
  { name: 'Priya Raman', email: 'priya@citywheels.example' },
  { name: 'Jean-Luc Martin', email: 'jl.martin@garage-martin.example' },
  { name: 'Lucia Romano', email: 'lucia@romanogomme.example' },
  { name: 'Dave Wilson', email: 'dave@wilsonfleet.example' },
  { name: 'Hiro Tanaka', email: 'tanaka@tanaka-motors.example' },
  { name: 'Ana Souza', email: 'ana.souza@autocentro.example' },
  { name: 'Grant Fraser', email: 'grant@fraserautos.example' },
  { name: 'Chloe Dubois', email: 'chloe@pneus-dubois.example' },
  { name: 'Bob Jensen', email: '' },
];

export const IN_SERVICE: readonly string[] = [
  '3 weeks',
  '2 months',
  '6 months',
  '1 year',
  '2 years',
  '4 years',
  'since 2019',
  '',
];

export const ISSUE_STARTED: readonly string[] = [
  'yesterday',
  'last week',
  'two weeks ago',
  'after the last update',
  'since install',
  'Monday',
  '',
];

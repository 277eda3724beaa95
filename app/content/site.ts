import type { SiteContent } from "./types";

// THE content module: every business fact on the site is written here once.
// Change a price or an hour here and every page, the footer and the search data follow.
// Times are 24-hour "HH:MM" in the rink's time zone; prices are US dollars.
// The rink's name, street address and phone numbers are fictional sample values
// (555-01xx numbers are reserved for fiction): replace them with the real ones.

export const site = {
  name: "Sugar Creek Skateland",
  tagline: "Indiana's family roller rink, where every weekend rolls better together.",
  description:
    "A family-owned roller skating rink in Indiana: public skating sessions, pizza and shaved ice, and birthday parties with the DJ calling your name.",
  timeZone: "America/Indiana/Indianapolis",
  address: {
    street: "1200 Rollerway Drive",
    city: "Sugar Creek",
    region: "IN",
    postalCode: "46999",
    mapsQuery: "Sugar Creek Skateland, 1200 Rollerway Drive, Sugar Creek, IN 46999",
  },
  phones: [
    { label: "Main", number: "+12605550142" },
    { label: "Reservations", number: "+12605550143" },
    { label: "Manager", number: "+12605550144" },
  ],
  rating: { value: 4.4, source: "Google" },
  hours: [
    { day: "monday", ranges: [] },
    { day: "tuesday", ranges: [] },
    { day: "wednesday", ranges: [] },
    { day: "thursday", ranges: [] },
    { day: "friday", ranges: [{ start: "18:30", end: "21:05" }] },
    {
      day: "saturday",
      ranges: [
        { start: "12:00", end: "15:00" },
        { start: "18:30", end: "21:00" },
      ],
    },
    { day: "sunday", ranges: [{ start: "12:00", end: "15:00" }] },
  ],
  sessions: [
    {
      id: "wednesday-night-rewind",
      name: "Wednesday Night Rewind",
      day: "wednesday",
      time: { start: "20:00", end: "22:00" },
      price: 7,
      priceUnit: "per skater",
      perks: ["Includes regular rental"],
      description: "Throwback hits and a midweek roll for teens and grown-ups.",
    },
    {
      id: "friday-family-pizza-party",
      name: "Friday Night Family Pizza Party",
      day: "friday",
      time: { start: "18:30", end: "21:00" },
      price: 10,
      priceUnit: "per skater",
      perks: [],
      familyDeal: { size: 5, price: 40, includes: "pizza and a pitcher of pop" },
      description: "Kick off the weekend with the whole family, a pizza and the rink lights.",
    },
    {
      id: "saturday-family-matinee",
      name: "Saturday Afternoon Family Matinee",
      day: "saturday",
      time: { start: "12:30", end: "15:00" },
      price: 8,
      perks: ["Includes rental"],
      description: "A relaxed afternoon skate, perfect for little ones learning to roll.",
    },
    {
      id: "saturday-night-glow",
      name: "Saturday Night Family Roll (Glow)",
      day: "saturday",
      time: { start: "18:30", end: "21:00" },
      price: 10,
      perks: ["Free glow stick"],
      description: "Black lights, glow sticks and the best music of the week.",
    },
    {
      id: "sunday-funday-pizza-party",
      name: "Sunday Funday Family Pizza Party",
      day: "sunday",
      time: { start: "12:30", end: "15:00" },
      price: 10,
      perks: [],
      familyDeal: { size: 5, price: 30, includes: "pizza and pop" },
      description: "End the week rolling together, with pizza for the family deal.",
    },
  ],
  partyPackages: [
    {
      id: "package-1",
      name: "Package #1",
      skaters: 10,
      cashPrice: 100,
      cardPrice: 110,
      durationMinutes: 150,
      extras: ["One table"],
    },
    {
      id: "package-2",
      name: "Package #2",
      skaters: 20,
      cashPrice: 210,
      cardPrice: 220,
      durationMinutes: 150,
      extras: ["Two tables"],
    },
    {
      id: "package-3",
      name: "Package #3",
      skaters: "unlimited",
      cashPrice: 290,
      cardPrice: 300,
      durationMinutes: 150,
      extras: ["Party room"],
    },
    {
      id: "private",
      name: "Private Birthday Party",
      skaters: "unlimited",
      cashPrice: 380,
      cardPrice: 390,
      durationMinutes: 120,
      extras: ["The rink to yourself"],
    },
  ],
  partyIncludes: [
    "Admission and skate rental",
    "A DJ birthday announcement with a song",
    "A glow stick for the birthday child",
  ],
  partyOwnFood: "You are welcome to bring your own food, drinks, cake and decorations.",
  partyAvailability: [
    {
      packages: "Packages #1–#3",
      packageIds: ["package-1", "package-2", "package-3"],
      slots: [
        { days: ["friday", "saturday"], label: "nights", time: { start: "18:30", end: "21:00" } },
        {
          days: ["saturday", "sunday"],
          label: "afternoons",
          time: { start: "12:30", end: "15:00" },
        },
      ],
    },
    {
      packages: "Private Birthday Party",
      packageIds: ["private"],
      slots: [
        {
          days: ["saturday", "sunday"],
          label: "after the matinee",
          time: { start: "16:00", end: "18:00" },
        },
      ],
    },
  ],
  services: [
    {
      name: "Roller skating",
      summary: "Smooth maple floor, rental skates in every size and music all session long.",
      detail:
        "Our rental counter fits toddlers to grown-ups, and our floor guards help first-timers find their feet.",
    },
    {
      name: "Pizza and food",
      summary: "Hot pizza, snacks and cold pop at the snack bar.",
      detail:
        "Grab a slice between songs, or order a whole pizza with the family deal on Friday night and Sunday afternoon.",
    },
    {
      name: "Shaved ice",
      summary: "A rainbow of shaved ice flavours to cool off after a fast skate.",
      detail: "Pick one flavour or mix three: the kids' favourite treat after the couples skate.",
    },
    {
      name: "Party hosting",
      summary: "Birthday packages with tables, a party room or the whole rink.",
      detail:
        "We set up, the DJ announces the birthday with a song, and you bring the cake and the decorations.",
    },
  ],
  comingSoon: [
    {
      name: "Homeschool skate",
      detail: "A monthly afternoon session for homeschool families.",
    },
    {
      name: "Christian skate",
      detail: "A monthly skate night with all Christian music.",
    },
    {
      name: "Theme nights",
      detail: "Special theme nights with costumes, games and prizes.",
    },
  ],
  story: [
    "Our family opened the doors to roll the way we grew up rolling: bright lights, good music and a floor full of neighbours.",
    "Years later the skates are newer and the playlist is longer, but the idea is the same. Parents who learned to skate here now lace up their own kids' skates, and every birthday still gets its song from the DJ booth.",
  ],
  mission:
    "To give every family in our town a safe, affordable and joyful place to spend time together on wheels.",
  values: [
    {
      name: "Family first",
      detail: "Prices and sessions built around families, not just fast skaters.",
    },
    {
      name: "Safety",
      detail: "Floor guards on every session and clear rules that everyone follows.",
    },
    {
      name: "Quality service",
      detail: "Clean skates, a clean building and staff who know your name.",
    },
    { name: "Community", detail: "A gathering place for schools, churches, teams and neighbours." },
  ],
  policies: {
    intro:
      "These rules keep the floor safe and fun for every skater. Our staff may ask anyone who does not follow them to stop skating or to leave.",
    sections: [
      {
        id: "skating",
        title: "Skating safety and conduct",
        rules: [
          "Skate in the direction of the session and at a speed that is safe for the skaters around you.",
          "Reckless skating leads first to a request to stop, then to the removal of your skates.",
          "No food, drinks or strollers on the skating floor.",
        ],
      },
      {
        id: "behavior",
        title: "Behavior",
        rules: [
          "Zero tolerance for bullying.",
          "No alcohol, and no one under the influence of alcohol or drugs.",
          "Treat staff and other guests with respect.",
        ],
      },
      {
        id: "dress-code",
        title: "Dress code",
        rules: [
          "No clothing with offensive, violent, drug or alcohol imagery.",
          "No revealing attire.",
        ],
      },
      {
        id: "facility",
        title: "Facility policies",
        rules: [
          "No in and out privileges for guests under 18.",
          "No outside food or drink unless you are hosting a party.",
        ],
      },
    ],
    helpContacts: [
      { role: "Floor guards", detail: "In the striped shirts on the floor during every session." },
      { role: "Front counter", detail: "For skates, lost and found and first aid." },
      { role: "Manager", detail: "For anything else, in person or by phone." },
    ],
    privacy: [
      {
        topic: "Email address",
        detail:
          "If you sign up for news, we use your email address only to send our own news about events and deals. We never sell or share it, and every email has a way to unsubscribe.",
      },
      {
        topic: "Phone number",
        detail:
          "If you sign up for text alerts, we text you about events and deals, up to 4 messages a month. Msg & data rates may apply. Reply STOP to cancel, HELP for help. We never sell or share your number.",
      },
      {
        topic: "Messages",
        detail:
          "A message sent from our contact form goes to our staff so we can answer it. We keep it only as long as we need to help you.",
      },
    ],
    commitment:
      "We are committed to a safe, clean and welcoming rink where every family can have fun together.",
  },
  nav: [
    { to: "/", label: "Home" },
    { to: "/about", label: "About" },
    { to: "/parties", label: "Parties" },
    { to: "/contact", label: "Contact" },
  ],
  footerLinks: [
    { to: "/", label: "Home" },
    { to: "/about", label: "About" },
    { to: "/parties", label: "Birthday Parties" },
    { to: "/contact", label: "Contact" },
  ],
  pages: {
    home: {
      title: "Public skating, parties and hours",
      description:
        "Family roller skating in Indiana: public session times and prices, pizza and shaved ice, birthday parties and our weekly hours.",
    },
    about: {
      title: "About our family-owned rink",
      description:
        "The story of our family-owned roller rink, what we offer, and the values behind every session: family, safety, service and community.",
    },
    parties: {
      title: "Birthday party packages",
      description:
        "Four roller skating birthday party packages with admission, skate rental, a DJ announcement and a glow stick. Book by phone.",
    },
    policies: {
      title: "Safety and conduct policies",
      description:
        "Skating safety, behavior, dress code and facility policies that keep our roller rink safe and welcoming for every family.",
    },
    contact: {
      title: "Contact, directions and phone",
      description:
        "Call, send a message or get directions to our roller rink: address, main, reservations and manager phone numbers, and hours.",
    },
    contactThanks: {
      title: "Message sent",
      description:
        "Thank you for your message. We read every one and will get back to you soon; for a quicker answer, give us a call.",
    },
    newsletterThanks: {
      title: "You're signed up",
      description:
        "Thank you for subscribing. We will keep you posted on special events, theme nights and deals by email or text.",
    },
    notFound: {
      title: "Page not found",
      description:
        "We could not find that page. Head back home for skating sessions, prices and parties, or call us and we will help.",
    },
  },
} satisfies SiteContent;

export type Site = typeof site;

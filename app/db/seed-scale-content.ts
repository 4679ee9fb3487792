/**
 * Words the scale generator (seed-scale.server.ts) combines into names, businesses, messages,
 * projects, invoice lines and notes. Plain data: the generator picks from these lists in SQL.
 */

/** "a | b | c" -> ["a", "b", "c"] (an empty item is an empty string) */
const list = (text: string): readonly string[] => text.split("|").map((item) => item.trim());

export const firstNames = list(
  `Maria | Tom | Priya | Grace | Devon | Helen | Sam | Ada | James | Olivia | Liam | Emma | Noah | Ava
  | Lucas | Mia | Ethan | Sofia | Mateo | Isabella | Aiden | Chloe | Omar | Fatima | Wei | Mei | Hiroshi
  | Yuki | Carlos | Lucia | Diego | Camila | Andre | Nadia | Kwame | Amara | Ravi | Anjali | Sean
  | Siobhan | Lars | Ingrid | Pierre | Amélie | Jonas | Lea | Marco | Giulia | Daniel | Rachel | Michael
  | Sarah | David | Laura | Kevin | Megan | Brian | Nicole | Jorge | Elena | Tariq | Layla | Connor | Zoe`,
);

export const lastNames = list(
  `Alvarez | Whitaker | Natarajan | Liu | Brooks | Park | Okafor | Lovelace | Smith | Johnson | Williams
  | Brown | Jones | Garcia | Miller | Davis | Rodriguez | Martinez | Hernandez | Lopez | Gonzalez | Wilson
  | Anderson | Thomas | Taylor | Moore | Jackson | Martin | Lee | Perez | Thompson | White | Harris
  | Sanchez | Clark | Ramirez | Lewis | Robinson | Walker | Young | Nguyen | Kim | Chen | Patel | Shah
  | O'Connor | Murphy | Kowalski | Novak | Müller | Schmidt | Rossi | Bianchi | Dubois | Lefèvre
  | Andersson | Haddad | Mensah | Adeyemi | Tanaka | Sato | Fischer | Carter | Bennett | Hughes | Foster
  | Reyes | Silva`,
);

/** the trade part of a business name */
export const trades = list(
  `Bakery | Plumbing | Dental | Yoga | Landscaping | Hardware | Coffee Roasters | Law Group | Fitness
  | Photography | Auto Repair | Veterinary Clinic | Florist | Bookkeeping | Realty | Construction
  | Catering | Salon | Pet Grooming | Brewing | Chiropractic | Tutoring | Cleaning Services | Electric
  | Roofing | Design Studio | Boutique | Martial Arts | Winery | Insurance | Physical Therapy | Print Shop
  | Moving | Marketing | Architecture | Pediatrics | Music School | Bike Shop | Tea House | Consulting`,
);

/** the first word of a business name that is not a family name */
export const placeWords = list(
  `Riverbend | Oakridge | Harbor | Summit | Maple | Cedar | Bluebird | Northside | Golden Gate
  | Silver Lake | Pinecrest | Sunrise | Lakeview | Willow | Redwood | Ironwood | Brightside | Evergreen
  | Stonebridge | Meadowlark | Copper | Hillside | Bayfront | Prairie | Juniper | Westfield | Highland
  | Union Square | Old Town | Crescent`,
);

export const businessSuffixes = list(`LLC | Co. | Inc. | & Sons | Collective | & Co.`);

export const emailDomains = list(
  `gmail.example | outlook.example | yahoo.example | icloud.example | proton.example | fastmail.example
  | hey.example | aol.example`,
);

export const streets = list(
  `Main St | Oak Ave | Pine St | Maple Ave | Cedar Rd | Elm St | Washington Blvd | Lake Dr | Hill Rd
  | Park Ave | Sunset Blvd | River Rd | Market St | 2nd Ave | Church St | Mill Rd`,
);

export const cities = list(
  `Portland, OR | Austin, TX | Denver, CO | Madison, WI | Raleigh, NC | Burlington, VT | Boise, ID
  | Tucson, AZ | Savannah, GA | Ann Arbor, MI | Asheville, NC | Santa Fe, NM | Spokane, WA | Richmond, VA
  | Omaha, NE | Providence, RI`,
);

export const messageOpenings = list(
  `Hi there, | Hello, | Good morning, | Hi, | Hello team, | Hey! | Hi, I found you through a friend.
  | Hello, we met at the chamber of commerce mixer. | Hi, I saw your portfolio online. | Greetings,`,
);

export const messageNeeds = list(
  `Our website is ten years old and does not work on phones.
  | We need a simple site with our services and a way to request a call-back.
  | We would like customers to book appointments online instead of calling.
  | I am starting a new business and need a website before the launch in spring.
  | Our online shop is slow and customers abandon their carts.
  | We want to replace the spreadsheets we use for memberships and class bookings.
  | Could you quote an online catalogue for about 400 products?
  | We need a customer portal where clients can download their documents.
  | Our current developer retired and we need someone to maintain the site.
  | We would like a redesign that matches our new logo and colours.
  | I need a landing page for a fundraising campaign.
  | We are looking for help with SEO; nobody finds us on search engines.
  | We want an internal tool to schedule our crews and track jobs.
  | Do you also maintain sites you did not build?
  | We need our menu and opening hours to be easy to update ourselves.
  | Could you integrate online payments into our existing site?
  | I would like the free consultation to talk through a few ideas.
  | We need a bilingual website (English and Spanish).
  | Our site was hacked last month and we want a safer setup.
  | We would like a web app for our clients to track their orders.`,
);

export const messageDetails = list(
  `We have about 20 pages of content ready. | Photos are available from our photographer.
  | Budget is flexible for the right solution. | We would like to launch within three months.
  | We currently use WordPress but are open to alternatives. | Accessibility matters a lot to us.
  | We have around 300 customers a week. | Stripe would be our preferred payment provider.
  | We would also need a newsletter sign-up. | Two locations need their own pages.
  | Our team is five people, none of them technical. | There is an existing domain we want to keep.
  | We need a blog we can post to ourselves. | Our print materials could be used for inspiration. | `,
);

export const messageClosings = list(
  `Thanks! | Looking forward to hearing from you. | Best regards. | Thank you for your time.
  | Please call me if easier. | Cheers. | Talk soon. | Many thanks. | Kind regards. | `,
);

export const submissionNotes = list(
  `Call booked for Thursday. | Wants Stripe. | Sent the questionnaire. | Follow up next week.
  | Budget may grow in Q3. | Referred by an existing client. | Needs a quote by Friday.
  | Asked for three references. | Prefers email over calls.`,
);

export const customerNotes = list(
  `Prefers email over calls. | Invoices go to the office manager. | Pays by bank transfer, usually on time.
  | Busy season is summer: avoid launches then. | Interested in a maintenance plan.
  | Referred two other clients.`,
);

export const projectKinds = list(
  `website redesign | online booking system | e-commerce store | customer portal | mobile-friendly refresh
  | SEO and content update | inventory dashboard | membership site | landing page | maintenance retainer
  | menu and ordering site | client intake forms | newsletter integration | bilingual website`,
);

export const projectTypeNames = list(`Website | Web Application | Redesign | E-commerce | Maintenance | Consulting`);

export const projectDescriptions = list(
  `A responsive site with services, team and contact pages.
  | Online appointments with reminders and a calendar for staff.
  | Product catalogue, cart and card payments. | Clients sign in to see their documents and invoices.
  | New design on the existing content, faster pages.
  | Keyword research, rewritten service pages and a blog. | Monthly updates, backups and security patches.
  | `,
);

export const phaseNames = list(`Discovery | Design | Development | Launch`);

export const recurringFeeNames = list(`Hosting | Maintenance plan | Domain renewal | Analytics report`);

export const lineDescriptions = list(
  `Homepage design | Responsive layout | Contact form integration | Content migration | SEO setup
  | Hosting (12 months) | Domain registration | Logo refresh | Photography editing | Online booking module
  | Payment integration | Product catalogue setup | Copywriting | Accessibility review
  | Performance tuning | Development hours | Design hours | Project management | Training session
  | Newsletter template | Blog setup | Analytics dashboard | Security hardening | Backup configuration
  | Bug fixes | Maintenance (monthly) | Landing page | Customer portal | Data import | Launch support`,
);

export const interactionSubjects = list(
  `Discovery call | Sent proposal | Follow-up email | Kickoff meeting | Design review | Invoice question
  | Content received | Launch check-in | Feedback on mockups | Renewal discussion | Phone call
  | Site walkthrough`,
);

export const interactionDescriptions = list(
  `Went through the goals and the timeline. | Client will send the photos by Friday.
  | Agreed on the second design direction. | Asked about adding a blog later.
  | Confirmed the budget and payment schedule. | Discussed hosting options. | Needs the quote in writing.
  | Happy with the progress so far. | `,
);

export const paymentNotes = list(`Thank you! | Paid in full | Deposit | Reference on the bank statement | `);

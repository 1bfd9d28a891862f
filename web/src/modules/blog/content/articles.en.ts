import type { BlogContent } from './article.types.ts';

/** English article text. */
const en: BlogContent = {
  tagLabels: {
    orders: 'Orders',
    automation: 'Automation',
    analytics: 'Analytics',
    'e-commerce': 'E-commerce',
    growth: 'Growth',
    api: 'API',
    integrations: 'Integrations',
    warehouse: 'Warehouse',
    logistics: 'Logistics',
    teams: 'Teams',
  },
  articles: {
    'article-1': {
      title: 'One Platform for Orders, Deliveries and Warehouses: Why Fragmented Tools Slow Your Growth',
      excerpt:
        'Spreadsheets, a separate shipping tool and a warehouse app that never agree cost you time, money and customers. Here is how a single operational CRM changes the picture.',
      author: {
        name: 'Sarah Mitchell',
        bio: 'Head of Growth at Nexa CRM. Sarah spent ten years scaling e-commerce brands across Europe and the Middle East before joining the team.',
      },
      imageAlt: 'Orders, a delivery truck and a warehouse connected to one central dashboard',
      seo: {
        metaTitle: 'One Platform for Orders, Deliveries and Warehouses | Nexa CRM Blog',
        metaDescription:
          'Why running orders, deliveries and stock in separate tools slows growth, and a practical plan to move to one operational CRM.',
        keywords: ['order management', 'delivery tracking', 'warehouse management', 'e-commerce CRM', 'business growth'],
      },
      content: `Most growing businesses do not choose a fragmented stack; they inherit one. Orders arrive in a web shop, delivery updates live in a courier portal, stock levels sit in a spreadsheet and the team coordinates in chat. Each tool works on its own. Together, they quietly slow everything down.

## The hidden cost of disconnected tools

Every hand-off between systems is a chance for an error. An order is confirmed but the stock was already sold elsewhere. A customer calls about a parcel and the agent has to open three tabs to answer. Managers wait until the end of the week for a report that someone builds by hand.

Our customers typically measure the cost in three places:

- **Time:** staff re-type the same order data two or three times.
- **Errors:** wrong addresses, duplicate shipments and stock-outs that nobody saw coming.
- **Visibility:** decisions are made on numbers that are already a few days old.

## What a single operational CRM gives you

When orders, deliveries, warehouses and teams share one database, the order becomes the thread that ties everything together. The moment an order is placed, stock is reserved, a delivery is prepared and the right person is notified.

**One source of truth** means the sales team, the warehouse and customer support all see the same status at the same time. Questions like "where is my order?" take seconds instead of minutes.

**Automation becomes possible**, because the data is finally connected. Confirmation messages, courier assignment and low-stock alerts run on their own.

**Real-time analytics** replace the weekly spreadsheet: revenue, delivery success rate and stock rotation are on the dashboard as they happen.

## A practical migration plan

You do not need a big-bang project. The companies that switch fastest follow three steps:

- Start with orders: import open orders and connect your shop so new ones arrive automatically.
- Add deliveries next: connect your couriers and let the platform track every parcel.
- Finish with the warehouse: load stock levels and let reservations happen on every order.

## The bottom line

Teams that move to one platform report saving up to **60% of the time** spent on order administration and cutting errors by **90%**. More importantly, they stop firefighting and start planning growth. If your tools are holding you back, a 14-day free trial is the easiest way to see the difference with your own data.`,
    },
    'article-2': {
      title: 'Automating Order Fulfillment: Workflows, Integrations and APIs That Scale',
      excerpt:
        'From the first click to the doorstep: how to automate order fulfillment with workflows, courier integrations and a clean API, without losing control.',
      author: {
        name: 'Karim Benali',
        bio: 'Lead Solutions Engineer at Nexa CRM. Karim helps logistics companies and online retailers connect their systems and automate their operations.',
      },
      imageAlt: 'Connected gears and arrows representing automated order workflows',
      seo: {
        metaTitle: 'Automating Order Fulfillment with Workflows and APIs | Nexa CRM Blog',
        metaDescription:
          'A technical guide to automating order fulfillment: event-driven workflows, courier and shop integrations, API best practices and the metrics to watch.',
        keywords: ['order automation', 'fulfillment workflows', 'API integration', 'webhooks', 'e-commerce automation'],
      },
      content: `Automation is the difference between a team that grows with its order volume and a team that drowns in it. But automating the wrong thing, or automating it badly, creates new problems. This guide shows how to do it in a way that scales.

## Start from events, not from screens

Every order goes through the same milestones: placed, paid, picked, packed, shipped, delivered. Treat each milestone as an **event** that something can react to. When a payment is confirmed, a picking task is created. When a parcel is scanned by the courier, the customer receives an update.

Designing around events keeps automations small, testable and independent. Adding a new rule never means rewriting the old ones.

## Workflows worth automating first

Not every process deserves automation on day one. Begin with the ones that are frequent, repetitive and easy to verify:

- **Order confirmation** messages by e-mail or SMS, in the customer's language.
- **Courier assignment** based on destination, weight and delivery promise.
- **Low-stock alerts** sent to purchasing before a best-seller runs out.
- **Failed delivery follow-ups** that reschedule automatically and inform support.

## Integrations: connect, do not copy

The most reliable integrations move references, not duplicate records. Your shop sends the order once; the CRM becomes the system of record and pushes status changes back. Courier integrations work the same way in reverse: tracking events flow in, and the order status updates itself.

### What to look for in an API

- Clear, versioned endpoints with predictable errors.
- **Webhooks** signed with a secret, retried with back-off, so no update is ever lost.
- Idempotent writes, so a retried request never creates a duplicate order.
- Rate limits that are documented instead of discovered in production.

## Keep humans in control

Automation should remove busywork, not judgment. Every automated step needs an owner, a log that explains what happened and a simple way to pause it. When an exception occurs, such as an address the courier rejects, the workflow should hand the order to a person with all the context attached.

## Measure the result

Track three numbers before and after each automation: **order-to-ship time**, the share of orders that needed manual work, and the error rate. Our customers typically see performance improve by up to **300%** once the main flows run on their own. Start small, measure, then automate the next step.`,
    },
    'article-3': {
      title: 'Warehouse and Delivery KPIs Every Operations Team Should Track',
      excerpt:
        'Order accuracy, on-time delivery, stock rotation and more: the operations metrics that matter, how to calculate them and how to turn them into daily decisions.',
      author: {
        name: 'Léa Dubois',
        bio: 'Operations consultant at Nexa CRM. Léa has designed warehouse and last-mile processes for retailers and call centers in France and North Africa.',
      },
      imageAlt: 'Bar charts and a gauge showing warehouse and delivery performance indicators',
      seo: {
        metaTitle: 'Warehouse and Delivery KPIs for Operations Teams | Nexa CRM Blog',
        metaDescription:
          'The warehouse and delivery KPIs that matter: order accuracy, on-time delivery, stock rotation, cost per order and team productivity, with formulas and tips.',
        keywords: ['warehouse KPIs', 'delivery performance', 'logistics metrics', 'operations management', 'inventory turnover'],
      },
      content: `You cannot improve what you do not measure, but measuring everything is just as useless. The best operations teams follow a short list of indicators, review them every day and act on them. Here are the ones we recommend.

## Warehouse indicators

**Order accuracy** is the share of orders shipped with the right items, in the right quantities, to the right address. Aim for 99.5% or better: every mistake costs a return, a re-shipment and often a customer.

**Stock rotation** tells you how many times your inventory is sold and replaced over a period. Low rotation ties up cash in slow products; very high rotation with frequent stock-outs means your reorder points are too tight.

**Dock-to-stock time** measures how long received goods wait before they can be sold. Long delays hide inventory from your shop and your sales team.

## Delivery indicators

- **On-time delivery rate:** deliveries completed within the promised window, divided by all deliveries.
- **First-attempt success:** parcels delivered on the first try. Failed attempts double the cost of a delivery.
- **Cost per order:** picking, packing and shipping costs divided by the number of orders shipped.
- **Returns rate:** split by reason, so you can separate product issues from delivery issues.

## Team indicators

Operations are people. Track **orders handled per person per hour** for picking and for support, but read it together with accuracy: speed without quality is not productivity. Watch workload by shift to spot bottlenecks before they become overtime.

## From dashboard to decisions

A KPI is only useful if someone owns it and it leads to action. A simple routine works well:

- Review the dashboard every morning in a ten-minute stand-up.
- Give each indicator an owner and a target.
- When a number drifts, look at the orders behind it, not just the average.

## Make the numbers automatic

Collecting these figures by hand is exactly the kind of work that introduces errors. When orders, stock movements and delivery events are recorded in one platform, every KPI above is calculated in real time, per warehouse, per courier and per team. Your meeting starts with the answers instead of the spreadsheet.`,
    },
  },
};

export default en;

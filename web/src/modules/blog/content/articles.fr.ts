import type { BlogContent } from './article.types.ts';

/** Texte français des articles. */
const fr: BlogContent = {
  tagLabels: {
    orders: 'Commandes',
    automation: 'Automatisation',
    analytics: 'Analytique',
    'e-commerce': 'E-commerce',
    growth: 'Croissance',
    api: 'API',
    integrations: 'Intégrations',
    warehouse: 'Entrepôt',
    logistics: 'Logistique',
    teams: 'Équipes',
  },
  articles: {
    'article-1': {
      title: 'Une seule plateforme pour les commandes, les livraisons et les entrepôts : pourquoi les outils dispersés freinent votre croissance',
      excerpt:
        'Des tableurs, un outil d’expédition à part et une application d’entrepôt qui ne sont jamais d’accord vous coûtent du temps, de l’argent et des clients. Voici ce que change un CRM opérationnel unique.',
      author: {
        name: 'Sarah Mitchell',
        bio: 'Responsable de la croissance chez Nexa CRM. Sarah a passé dix ans à développer des marques e-commerce en Europe et au Moyen-Orient avant de rejoindre l’équipe.',
      },
      imageAlt: 'Des commandes, un camion de livraison et un entrepôt reliés à un tableau de bord central',
      seo: {
        metaTitle: 'Une seule plateforme pour commandes, livraisons et entrepôts | Blog Nexa CRM',
        metaDescription:
          'Pourquoi gérer commandes, livraisons et stocks dans des outils séparés freine la croissance, et un plan concret pour passer à un CRM opérationnel unique.',
        keywords: ['gestion des commandes', 'suivi des livraisons', 'gestion d’entrepôt', 'CRM e-commerce', 'croissance'],
      },
      content: `La plupart des entreprises en croissance ne choisissent pas des outils dispersés : elles en héritent. Les commandes arrivent dans une boutique en ligne, le suivi des livraisons vit dans le portail du transporteur, les stocks dorment dans un tableur et l’équipe se coordonne par messagerie. Chaque outil fonctionne seul. Ensemble, ils ralentissent tout.

## Le coût caché des outils déconnectés

Chaque passage d’un système à l’autre est une occasion d’erreur. Une commande est confirmée alors que le stock a déjà été vendu ailleurs. Un client appelle au sujet d’un colis et le conseiller doit ouvrir trois onglets pour répondre. Les responsables attendent la fin de la semaine un rapport construit à la main.

Nos clients mesurent généralement ce coût à trois endroits :

- **Le temps :** les équipes ressaisissent deux ou trois fois les mêmes données de commande.
- **Les erreurs :** mauvaises adresses, envois en double et ruptures de stock que personne n’a vues venir.
- **La visibilité :** les décisions reposent sur des chiffres vieux de plusieurs jours.

## Ce qu’apporte un CRM opérationnel unique

Quand les commandes, les livraisons, les entrepôts et les équipes partagent une seule base de données, la commande devient le fil conducteur. Dès qu’elle est passée, le stock est réservé, la livraison est préparée et la bonne personne est prévenue.

**Une source unique de vérité** : les ventes, l’entrepôt et le support voient le même statut au même moment. La question « où est ma commande ? » se règle en quelques secondes.

**L’automatisation devient possible**, parce que les données sont enfin reliées. Messages de confirmation, choix du transporteur et alertes de stock bas fonctionnent tout seuls.

**L’analytique en temps réel** remplace le tableur hebdomadaire : chiffre d’affaires, taux de livraison réussie et rotation des stocks s’affichent au fil de l’eau.

## Un plan de migration concret

Nul besoin d’un projet « big bang ». Les entreprises qui basculent le plus vite suivent trois étapes :

- Commencer par les commandes : importer les commandes en cours et connecter la boutique.
- Ajouter ensuite les livraisons : connecter les transporteurs et suivre chaque colis.
- Terminer par l’entrepôt : charger les niveaux de stock et réserver à chaque commande.

## En résumé

Les équipes passées à une plateforme unique déclarent gagner jusqu’à **60 % du temps** consacré à l’administration des commandes et réduire les erreurs de **90 %**. Surtout, elles cessent d’éteindre des incendies et planifient enfin leur croissance. Si vos outils vous freinent, un essai gratuit de 14 jours est le moyen le plus simple de voir la différence avec vos propres données.`,
    },
    'article-2': {
      title: 'Automatiser l’exécution des commandes : workflows, intégrations et API qui passent à l’échelle',
      excerpt:
        'Du premier clic jusqu’à la porte du client : comment automatiser l’exécution des commandes avec des workflows, des intégrations transporteurs et une API propre, sans perdre le contrôle.',
      author: {
        name: 'Karim Benali',
        bio: 'Ingénieur solutions principal chez Nexa CRM. Karim aide les sociétés de logistique et les e-commerçants à connecter leurs systèmes et à automatiser leurs opérations.',
      },
      imageAlt: 'Des engrenages et des flèches reliés représentant des workflows de commandes automatisés',
      seo: {
        metaTitle: 'Automatiser l’exécution des commandes avec workflows et API | Blog Nexa CRM',
        metaDescription:
          'Guide technique pour automatiser l’exécution des commandes : workflows pilotés par les événements, intégrations boutique et transporteurs, bonnes pratiques d’API et indicateurs à suivre.',
        keywords: ['automatisation des commandes', 'workflows logistiques', 'intégration API', 'webhooks', 'automatisation e-commerce'],
      },
      content: `L’automatisation fait la différence entre une équipe qui grandit avec son volume de commandes et une équipe qui s’y noie. Mais automatiser la mauvaise chose, ou mal l’automatiser, crée de nouveaux problèmes. Voici comment procéder pour passer à l’échelle.

## Partir des événements, pas des écrans

Chaque commande franchit les mêmes étapes : passée, payée, préparée, emballée, expédiée, livrée. Traitez chaque étape comme un **événement** auquel quelque chose peut réagir. Quand un paiement est confirmé, une tâche de préparation est créée. Quand le transporteur scanne un colis, le client reçoit une mise à jour.

Concevoir autour des événements garde les automatisations petites, testables et indépendantes. Ajouter une règle ne veut jamais dire réécrire les anciennes.

## Les workflows à automatiser en premier

Tous les processus ne méritent pas d’être automatisés dès le premier jour. Commencez par ceux qui sont fréquents, répétitifs et faciles à vérifier :

- **Les confirmations de commande** par e-mail ou SMS, dans la langue du client.
- **Le choix du transporteur** selon la destination, le poids et la promesse de livraison.
- **Les alertes de stock bas** envoyées aux achats avant la rupture d’un best-seller.
- **Le suivi des livraisons échouées**, reprogrammées automatiquement avec information du support.

## Intégrations : connecter, pas copier

Les intégrations les plus fiables échangent des références, pas des copies. La boutique envoie la commande une seule fois ; le CRM devient le système de référence et renvoie les changements de statut. Les intégrations transporteurs fonctionnent à l’inverse : les événements de suivi arrivent et le statut de la commande se met à jour tout seul.

### Ce qu’il faut attendre d’une API

- Des points d’accès clairs et versionnés, avec des erreurs prévisibles.
- Des **webhooks** signés par un secret et relancés avec un délai croissant, pour ne perdre aucune mise à jour.
- Des écritures idempotentes : une requête relancée ne crée jamais de commande en double.
- Des limites de débit documentées plutôt que découvertes en production.

## Garder l’humain aux commandes

L’automatisation doit supprimer les tâches répétitives, pas le jugement. Chaque étape automatisée a besoin d’un responsable, d’un journal qui explique ce qui s’est passé et d’un moyen simple de la mettre en pause. En cas d’exception, comme une adresse refusée par le transporteur, le workflow confie la commande à une personne avec tout le contexte.

## Mesurer le résultat

Suivez trois chiffres avant et après chaque automatisation : le **délai entre commande et expédition**, la part des commandes traitées à la main et le taux d’erreur. Nos clients constatent souvent une performance multipliée jusqu’à **300 %** une fois les flux principaux automatisés. Commencez petit, mesurez, puis automatisez l’étape suivante.`,
    },
    'article-3': {
      title: 'Les indicateurs d’entrepôt et de livraison que toute équipe opérations devrait suivre',
      excerpt:
        'Exactitude des commandes, livraisons à l’heure, rotation des stocks et plus encore : les indicateurs opérationnels qui comptent, comment les calculer et comment en tirer des décisions quotidiennes.',
      author: {
        name: 'Léa Dubois',
        bio: 'Consultante opérations chez Nexa CRM. Léa a conçu des processus d’entrepôt et de dernier kilomètre pour des distributeurs et des centres d’appels en France et en Afrique du Nord.',
      },
      imageAlt: 'Des histogrammes et une jauge montrant des indicateurs de performance d’entrepôt et de livraison',
      seo: {
        metaTitle: 'Indicateurs d’entrepôt et de livraison pour les équipes opérations | Blog Nexa CRM',
        metaDescription:
          'Les KPI d’entrepôt et de livraison qui comptent : exactitude des commandes, livraisons à l’heure, rotation des stocks, coût par commande et productivité, avec formules et conseils.',
        keywords: ['KPI entrepôt', 'performance de livraison', 'indicateurs logistiques', 'gestion des opérations', 'rotation des stocks'],
      },
      content: `On ne peut pas améliorer ce que l’on ne mesure pas, mais tout mesurer ne sert à rien non plus. Les meilleures équipes opérations suivent une courte liste d’indicateurs, les examinent chaque jour et agissent en conséquence. Voici ceux que nous recommandons.

## Indicateurs d’entrepôt

**L’exactitude des commandes** est la part des commandes expédiées avec les bons articles, dans les bonnes quantités, à la bonne adresse. Visez 99,5 % ou mieux : chaque erreur coûte un retour, une réexpédition et souvent un client.

**La rotation des stocks** indique combien de fois votre inventaire est vendu et renouvelé sur une période. Une rotation faible immobilise de la trésorerie dans des produits lents ; une rotation très forte avec des ruptures fréquentes signale des seuils de réapprovisionnement trop serrés.

**Le délai de mise en stock** mesure le temps d’attente des marchandises reçues avant de pouvoir être vendues. De longs délais cachent du stock à votre boutique et à vos commerciaux.

## Indicateurs de livraison

- **Taux de livraison à l’heure :** livraisons effectuées dans le créneau promis, divisées par l’ensemble des livraisons.
- **Réussite au premier passage :** colis livrés dès la première tentative. Un échec double le coût d’une livraison.
- **Coût par commande :** coûts de préparation, d’emballage et d’expédition divisés par le nombre de commandes expédiées.
- **Taux de retour :** ventilé par motif, pour distinguer les problèmes de produit des problèmes de livraison.

## Indicateurs d’équipe

Les opérations, ce sont des personnes. Suivez les **commandes traitées par personne et par heure** en préparation comme au support, mais lisez-les avec l’exactitude : la vitesse sans la qualité n’est pas de la productivité. Observez la charge par équipe pour repérer les goulets d’étranglement avant qu’ils ne deviennent des heures supplémentaires.

## Du tableau de bord aux décisions

Un indicateur n’est utile que si quelqu’un en est responsable et s’il mène à une action. Une routine simple fonctionne bien :

- Passer le tableau de bord en revue chaque matin, en dix minutes debout.
- Donner à chaque indicateur un responsable et un objectif.
- Quand un chiffre dérive, regarder les commandes qui se cachent derrière, pas seulement la moyenne.

## Des chiffres automatiques

Collecter ces chiffres à la main est précisément le genre de travail qui introduit des erreurs. Quand commandes, mouvements de stock et événements de livraison sont enregistrés sur une seule plateforme, chaque indicateur ci-dessus est calculé en temps réel, par entrepôt, par transporteur et par équipe. Votre réunion commence par les réponses plutôt que par le tableur.`,
    },
  },
};

export default fr;

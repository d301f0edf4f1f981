import type { Texts } from './community-i18n.en';

export const texts: Texts = {
  community: {
    title: '社區',
    navLink: '社區',
    backToBoard: '返回賽事',
  },
};

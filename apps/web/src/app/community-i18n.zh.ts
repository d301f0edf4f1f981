import type { Texts } from './community-i18n.en';

export const texts: Texts = {
  community: {
    title: '社区',
    navLink: '社区',
    backToBoard: '返回赛事',
  },
};

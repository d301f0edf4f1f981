import type { Texts } from './quick-account-i18n.en';

export const texts: Texts = {
  quickAccount: {
    or: '或',
    createButton: '一键注册',
    createHint: '账号名由系统生成，之后再设置密码。',
    createdTitle: '账号已创建',
    setTitle: '设置密码',
    accountLabel: '账号',
    explain: '请记下此账号。设置密码前，该账号只能在本浏览器使用，且无法提现或管理收款账户。',
    password: '新密码',
    confirm: '确认密码',
    submit: '设置密码',
    later: '稍后',
    notPlaceholder: '请设置不同于初始密码的密码',
    banner: '您的账号 {{account}} 尚未设置密码。设置后即可在其他设备登录并提现。',
    bannerAction: '设置密码',
    passwordSet: '密码已设置，已使用新密码登录。',
  },
};
